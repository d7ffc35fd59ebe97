import type { ReactNode } from "react";
import { setRequestLocale } from "next-intl/server";
import { readServerSession } from "@/features/auth/server-session";
import { SignOutButton } from "@/features/auth/sign-out-button";
import { ProShell, proShellUser } from "@/features/pro-shell/pro-shell";
import { ClientMessages } from "@/i18n/client-messages";
import { StoreProvider } from "@/store/store-provider";

/**
 * The professionals' pages: store and client messages (the locale layout ships neither), and
 * for a signed-in business user the workspace header. The layout reads the session cookie,
 * not the path: the header hides itself on the sign-in pages, and each page still checks
 * the session and redirects (a layout does not know where to come back to).
 */
export default async function ProLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  const session = await readServerSession("business_user");
  const user = session.state === "signed_in" ? proShellUser(session.account.row) : null;
  return (
    <ClientMessages namespaces={["Auth.signOut", "ProNotifications"]}>
      <StoreProvider>
        {user ? <ProShell user={user} signOut={<SignOutButton realm="business_user" variant="ghost" />} /> : null}
        {children}
      </StoreProvider>
    </ClientMessages>
  );
}
