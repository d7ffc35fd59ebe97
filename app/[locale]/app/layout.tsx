import type { ReactNode } from "react";
import { SessionGuard } from "@/features/auth/session-guard";
import { ClientMessages } from "@/i18n/client-messages";
import { StoreProvider } from "@/store/store-provider";

/**
 * The family's signed-in space. Each page checks the session cookie on the server; the
 * guard keeps the browser's own session in step (see SessionGuard).
 */
export default function ClientSpaceLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages namespaces={["Auth.signOut"]}>
      <StoreProvider>
        <SessionGuard realm="client" />
        {children}
      </StoreProvider>
    </ClientMessages>
  );
}
