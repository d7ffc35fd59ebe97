import type { ReactNode } from "react";
import { setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/i18n/client-messages";
import { StoreProvider } from "@/store/store-provider";

/**
 * The professionals' pages: the locale layout ships no store nor client messages, so the
 * session guard and the sign-out button of every /pro page find them here. The locale is
 * set here as in /app: a layout renders beside its page, and the messages below would
 * otherwise be resolved in French before the page set the locale.
 */
export default async function ProLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <ClientMessages namespaces={["Auth.signOut"]}>
      <StoreProvider>{children}</StoreProvider>
    </ClientMessages>
  );
}
