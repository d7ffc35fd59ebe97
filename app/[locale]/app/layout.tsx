import type { ReactNode } from "react";
import { SessionGuard } from "@/features/auth/session-guard";

/**
 * The family's signed-in space. Each page checks the session cookie on the server; the
 * guard keeps the browser's own session in step (see SessionGuard).
 */
export default function ClientSpaceLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SessionGuard realm="client" />
      {children}
    </>
  );
}
