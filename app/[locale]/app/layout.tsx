import type { ReactNode } from "react";
import { setRequestLocale } from "next-intl/server";
import { SessionGuard } from "@/features/auth/session-guard";
import { ClientMessages } from "@/i18n/client-messages";
import { StoreProvider } from "@/store/store-provider";

/**
 * The family's signed-in space. Each page checks the session cookie on the server; the
 * guard keeps the browser's own session in step (see SessionGuard). The locale is set
 * here too: layouts render alongside their pages, and the messages read below would
 * otherwise be resolved (and kept for the whole request) before any page set it.
 */
export default async function ClientSpaceLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <ClientMessages namespaces={["Auth.signOut"]}>
      <StoreProvider>
        <SessionGuard realm="client" />
        {children}
      </StoreProvider>
    </ClientMessages>
  );
}
