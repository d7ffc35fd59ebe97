"use client";

import { useEffect } from "react";
import { setSessionExpiredHandler } from "@/api-client/client";
import { signInPath } from "@/config/auth-paths";
import { realmOfPath } from "./auth-realm";

/**
 * Registers what happens when the API says the session is over (a 401 with stored
 * tokens, anywhere): the sign-in page of the space the visitor is in, with the
 * session-expired message and the way back. On a sign-in page it does nothing, so a
 * stale token cannot loop.
 */
export function useSessionExpiredRedirect(): void {
  useEffect(() => {
    setSessionExpiredHandler(() => {
      const { pathname, search } = window.location;
      const realm = realmOfPath(pathname);
      const target = signInPath(realm, { returnTo: `${pathname}${search}`, reason: "session_expired" });
      if (pathname === target.split("?")[0]) return;
      window.location.assign(target);
    });
    return () => setSessionExpiredHandler(null);
  }, []);
}
