import { loginPath, paths } from "@/config/paths";
import type { SessionExpiredHandler } from "@/api-client/client";

/**
 * Handler that sends the visitor to the login page, saying why and where to come back
 * (`/me-connecter?motif=session_expired&retour=<current path>`). Already on the login
 * page, it stays put so a stale token cannot cause a redirect loop.
 */
export function redirectToLoginHandler(
  navigate: (url: string) => void = (url) => window.location.assign(url),
  currentPath: () => string = () => `${window.location.pathname}${window.location.search}`,
): SessionExpiredHandler {
  return () => {
    const here = currentPath();
    if (here === paths.login() || here.startsWith(`${paths.login()}?`)) return;
    navigate(loginPath({ returnTo: here, reason: "session_expired" }));
  };
}
