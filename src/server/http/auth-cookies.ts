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

/**
 * The caller's address for the sign-in limiter: the last X-Forwarded-For entry, the one
 * the nearest proxy appended (Next.js fills the header with the socket address when it
 * is absent). A server exposed without a proxy can be sent a forged header, which is why
 * the per-e-mail limit does not depend on it.
 */
export function clientIp(c: Context): string | null {
  const forwarded = c.req.header("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last || c.req.header("x-real-ip")?.trim() || null;
}
