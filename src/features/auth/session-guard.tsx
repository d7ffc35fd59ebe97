"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";
import { signInPath } from "@/config/auth-paths";
import type { UserType } from "@/domain/roles";
import { selectIsAuthReady, selectUser, selectUserType, signedIn } from "@/store/auth-slice";
import { useAppDispatch, useAppSelector } from "@/store/hooks";
import { adoptCookieSession } from "./auth-calls";

/**
 * Keeps a signed-in page honest in the browser. The server rendered it from the session
 * cookie; if this browser holds no tokens (storage cleared, social sign-in), the cookie
 * is exchanged for tokens; if the stored session turns out to be over, the visitor goes
 * to sign in with the session-expired message and comes back here afterwards.
 */
export function SessionGuard({ realm }: { realm: UserType }) {
  const dispatch = useAppDispatch();
  const ready = useAppSelector(selectIsAuthReady);
  const user = useAppSelector(selectUser);
  const userType = useAppSelector(selectUserType);
  const pathname = usePathname();
  // Checked once, when the stored session has been loaded: later changes (a deliberate
  // sign-out) are not expiries, and expiries on later calls go through the API's 401 handler.
  const checked = useRef(false);

  useEffect(() => {
    if (!ready || checked.current) return;
    checked.current = true;
    if (user && userType === realm) return;
    const here = `${pathname}${window.location.search}`;
    adoptCookieSession(realm)
      .then((adopted) => {
        if (adopted) dispatch(signedIn({ user: adopted, userType: realm }));
        else window.location.assign(signInPath(realm, { returnTo: here, reason: "session_expired" }));
      })
      .catch(() => {
        // Unreachable server: the page stays; the next call will tell.
      });
  }, [ready, user, userType, realm, pathname, dispatch]);

  return null;
}
