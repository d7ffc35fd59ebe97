import { paths } from "./paths";

/**
 * Pages of the sign-in journeys that SPEC §2 does not list (it only names /me-connecter,
 * /app/mon-compte and /app/changer-mot-de-passe). Shared by the pages, the reset e-mails
 * built on the server and the social sign-in redirects.
 */
export const authPaths = {
  login: paths.login,
  forgotPassword: () => `${paths.login()}/mot-de-passe-oublie`,
  resetPassword: () => `${paths.login()}/nouveau-mot-de-passe`,
  account: paths.account,
  /** The family's home once signed in: the client-space dashboard. */
  clientSpace: paths.clientSpace,
  changePassword: paths.changePassword,
  proHome: paths.proHome,
  proLogin: () => `${paths.proHome()}/connexion`,
  proForgotPassword: () => `${paths.proHome()}/connexion/mot-de-passe-oublie`,
  proResetPassword: () => `${paths.proHome()}/connexion/nouveau-mot-de-passe`,
  proChangePassword: () => `${paths.proHome()}/changer-mot-de-passe`,
  proFailedJobs: () => `${paths.proHome()}/taches-en-echec`,
  /** Development mail reader (the outbox), see src/server/routes/auth-outbox.ts. */
  devOutbox: () => "/api/dev/outbox",
} as const;

/** Where a page may send the visitor back after sign-in: a path of this site, never another origin. */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || /[\u0000-\u001f]/.test(value)) return fallback;
  // Sending the visitor back to a sign-in page would only show the form again.
  const path = value.split(/[?#]/, 1)[0]!;
  if (path === authPaths.login() || path === authPaths.proLogin()) return fallback;
  return value.length > 1000 ? fallback : value;
}

/** The sign-in page of a realm with where to come back to and why. */
export function signInPath(realm: "client" | "business_user", options: { returnTo?: string; reason?: "session_expired" } = {}): string {
  const query = new URLSearchParams();
  if (options.returnTo && safeReturnPath(options.returnTo, "") !== "") query.set("retour", options.returnTo);
  if (options.reason) query.set("motif", options.reason);
  const base = realm === "client" ? authPaths.login() : authPaths.proLogin();
  const qs = query.toString();
  return qs ? `${base}?${qs}` : base;
}
