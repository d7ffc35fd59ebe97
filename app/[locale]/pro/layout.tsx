import type { ReactNode } from "react";
import { ClientMessages } from "@/i18n/client-messages";
import { StoreProvider } from "@/store/store-provider";

/**
 * The professionals' pages: the locale layout ships no store nor client messages, so the
 * session guard and the sign-out button of every /pro page find them here.
 */
export default function ProLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages namespaces={["Auth.signOut"]}>
      <StoreProvider>{children}</StoreProvider>
    </ClientMessages>
  );
}
