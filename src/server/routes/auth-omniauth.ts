import { parse, serialize } from "hono/utils/cookie";
import { authPaths, safeReturnPath } from "@/config/auth-paths";
import type { ServerEnv } from "@/config/env";
import type { Db } from "@/server/db/client";
import { SESSION_COOKIES } from "@/server/http/auth";
import { sessionCookieOptions } from "@/server/http/auth-cookies";
import { SESSION_LIFETIME_MS } from "@/server/services/auth/constants";
import { OIDC_PROVIDER, OidcError, completeOidcLogin, oidcConfigFrom, startOidcLogin } from "@/server/services/auth/oidc";
import { isAllowedRedirect } from "@/server/services/auth/redirect-allowlist";
import { randomSecret } from "@/server/services/auth/secrets";
import { createCookieSession } from "@/server/services/auth/sessions";

/**
 * /omniauth/{provider} and /omniauth/{provider}/callback (SPEC §2): browser navigations,
 * served by Next.js route handlers outside the JSON API. The end of a successful sign-in
 * is the session cookie and a redirect to the sign-in page, which exchanges the cookie for
 * this browser's tokens: no token ever travels in a URL.
 */

export interface OmniauthDeps {
  db: Db;
  env: Pick<ServerEnv, "SITE_URL" | "REDIRECT_ALLOWLIST" | "NODE_ENV" | "OIDC_ISSUER" | "OIDC_CLIENT_ID" | "OIDC_CLIENT_SECRET">;
  now: Date;
  fetch?: typeof fetch;
}

const STATE_COOKIE = "paisible_oidc_state";
const STATE_PATH = "/omniauth";

function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 302, headers });
}

function signInWith(params: Record<string, string>): string {
  return `${authPaths.login()}?${new URLSearchParams(params).toString()}`;
}

/** The origin the browser used, when it is one of the product's hosts; the site's otherwise. */
function publicOrigin(request: Request, env: OmniauthDeps["env"]): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(/:$/, "");
  const origin = `${proto}://${host}`;
  return isAllowedRedirect(`${origin}/`, { siteUrl: env.SITE_URL, allowlist: [] }) ? origin : new URL(env.SITE_URL).origin;
}

function secure(env: OmniauthDeps["env"]): boolean {
  return env.NODE_ENV === "production" && env.SITE_URL.startsWith("https://");
}

/** GET /omniauth/{provider} – off to the identity provider (code flow, PKCE, state, nonce). */
export async function omniauthStart(request: Request, provider: string, deps: OmniauthDeps): Promise<Response> {
  if (provider !== OIDC_PROVIDER) return new Response("Unknown sign-in provider", { status: 404 });
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("retour"), authPaths.account());
  const config = oidcConfigFrom(deps.env);
  if (!config) return redirect(signInWith({ erreur: "oidc_unavailable", retour: returnTo }));
  try {
    const { authorizationUrl, state } = await startOidcLogin(deps.db, {
      config,
      redirectUri: `${publicOrigin(request, deps.env)}${STATE_PATH}/${provider}/callback`,
      returnTo,
      now: deps.now,
      fetch: deps.fetch,
    });
    // Lax: the provider sends the browser back with a top-level GET, which carries it.
    const cookie = serialize(STATE_COOKIE, state, { path: STATE_PATH, httpOnly: true, sameSite: "Lax", secure: secure(deps.env), maxAge: 600 });
    return redirect(authorizationUrl, [cookie]);
  } catch (error) {
    const code = error instanceof OidcError ? error.code : "oidc_unavailable";
    console.error("[auth] social sign-in could not start:", error instanceof Error ? error.message : error);
    return redirect(signInWith({ erreur: code, retour: returnTo }));
  }
}

/** GET /omniauth/{provider}/callback – back from the provider: link the account, open the session. */
export async function omniauthCallback(request: Request, provider: string, deps: OmniauthDeps): Promise<Response> {
  if (provider !== OIDC_PROVIDER) return new Response("Unknown sign-in provider", { status: 404 });
  const clearState = serialize(STATE_COOKIE, "", { path: STATE_PATH, httpOnly: true, sameSite: "Lax", secure: secure(deps.env), maxAge: 0 });
  const config = oidcConfigFrom(deps.env);
  if (!config) return redirect(signInWith({ erreur: "oidc_unavailable" }), [clearState]);
  const url = new URL(request.url);
  const cookies = parse(request.headers.get("cookie") ?? "");
  try {
    const { account, returnTo } = await completeOidcLogin(deps.db, {
      config,
      state: url.searchParams.get("state"),
      cookieState: cookies[STATE_COOKIE] ?? null,
      code: url.searchParams.get("code"),
      providerError: url.searchParams.get("error"),
      now: deps.now,
      fetch: deps.fetch,
    });
    // Only the cookie: the browser's first validate_token gives this new device its header token.
    const cookie = await createCookieSession(deps.db, { realm: "client", userId: account.id, clientId: randomSecret(), now: deps.now });
    const options = sessionCookieOptions(Math.floor(SESSION_LIFETIME_MS / 1000));
    const session = serialize(SESSION_COOKIES.client, cookie.token, { ...options, secure: secure(deps.env) });
    return redirect(signInWith({ retour: returnTo, connexion: "oidc" }), [clearState, session]);
  } catch (error) {
    const code = error instanceof OidcError ? error.code : "oidc_failed";
    console.error("[auth] social sign-in failed:", error instanceof Error ? error.message : error);
    return redirect(signInWith({ erreur: code }), [clearState]);
  }
}
