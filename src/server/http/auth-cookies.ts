import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { serverEnv } from "@/config/env";
import { SESSION_COOKIES } from "@/server/http/auth";
import { SESSION_LIFETIME_MS } from "@/server/services/auth/constants";
import type { Realm } from "@/server/services/auth/users";

/**
 * The session cookie of POST …/auth/cookie: httpOnly (page scripts never see it),
 * SameSite=Lax (other sites' forms and fetches do not carry it), Secure on an https
 * deployment, valid as long as the session.
 */
export function sessionCookieOptions(maxAgeSeconds: number) {
  const env = serverEnv();
  return {
    path: "/",
    httpOnly: true,
    sameSite: "Lax" as const,
    secure: env.NODE_ENV === "production" && env.SITE_URL.startsWith("https://"),
    maxAge: maxAgeSeconds,
  };
}

export function setSessionCookie(c: Context, realm: Realm, token: string): void {
  setCookie(c, SESSION_COOKIES[realm], token, sessionCookieOptions(Math.floor(SESSION_LIFETIME_MS / 1000)));
}

export function clearSessionCookie(c: Context, realm: Realm): void {
  deleteCookie(c, SESSION_COOKIES[realm], { path: "/", secure: sessionCookieOptions(0).secure });
}
