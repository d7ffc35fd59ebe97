import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { decideAccess, signedIn, type Access } from "@/domain/access";
import { isRole, ROLES, type Role } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import type { AppEnv } from "@/server/http/env";
import { ApiError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { authNow } from "@/server/services/auth/clock";
import {
  authenticateCookie,
  authenticateToken,
  rotateIfDue,
  type AuthenticatedSession,
  type CookieSession,
} from "@/server/services/auth/sessions";
import { findAccountById, type AuthAccount, type Realm } from "@/server/services/auth/users";
import { epochSeconds } from "@/domain/time";

/**
 * The session protocol of SPEC §7 on every API request (DESIGN "Auth"):
 * - header credentials (access-token, client, uid) prove a device session; after the
 *   handler, the device's token is rotated and the response carries the new
 *   access-token, client, expiry, uid and token-type (unless the request used the token
 *   just replaced, inside the 5-second batch window);
 * - without headers, a GET or HEAD may be proved by the httpOnly session cookie (server
 *   pages and document downloads); writes never accept the cookie, so another site
 *   cannot make a signed-in browser change anything.
 * `auth` is then the session, or null; routes decide what a missing session means.
 */

export const SESSION_COOKIES: Record<Realm, string> = {
  client: "paisible_session",
  business_user: "paisible_pro_session",
};

export const TOKEN_TYPE = "Bearer";

interface SessionDetails {
  via: "header" | "cookie";
  account: AuthAccount;
  header?: AuthenticatedSession;
  cookie?: CookieSession;
}

// Keyed by the session object so the shared AuthSession shape stays as other routes know it.
const details = new WeakMap<AuthSession, SessionDetails>();

/** How the session was proved and the account behind it (for the auth routes). */
export function sessionDetails(auth: AuthSession | null): SessionDetails | null {
  return auth ? (details.get(auth) ?? null) : null;
}

function toAuthSession(account: AuthAccount, clientId: string, expiresAt: Date, tokenId: number): AuthSession {
  const role = account.realm === "business_user" ? (account.row as { role: number }).role : null;
  return {
    realm: account.realm,
    userId: account.id,
    email: account.email,
    role: isRole(role) ? role : null,
    clientId,
    tokenId,
    expiresAt,
  };
}

async function activeAccount(db: Db, realm: Realm, userId: number): Promise<AuthAccount | null> {
  const account = await findAccountById(db, realm, userId);
  return account && !account.disabled ? account : null;
}

/** The five headers of SPEC §3 for a token a response hands out. */
export function tokenHeaders(input: { token: string; clientId: string; expiresAt: Date; uid: string }): Record<string, string> {
  return {
    "access-token": input.token,
    client: input.clientId,
    expiry: String(epochSeconds(input.expiresAt)),
    uid: input.uid,
    "token-type": TOKEN_TYPE,
  };
}

export function setTokenHeaders(c: Context, input: { token: string; clientId: string; expiresAt: Date; uid: string }): void {
  for (const [name, value] of Object.entries(tokenHeaders(input))) c.header(name, value);
  // Token answers must never be stored by a shared cache.
  c.header("Cache-Control", "no-store");
}

function cookieOrder(path: string): Realm[] {
  return /\/pro\//.test(path) ? ["business_user", "client"] : ["client", "business_user"];
}

async function fromHeaders(c: Context<AppEnv>, db: Db, now: Date): Promise<AuthSession | null> {
  const token = c.req.header("access-token") ?? "";
  const clientId = c.req.header("client") ?? "";
  const uid = (c.req.header("uid") ?? "").trim().toLowerCase();
  if (!token || !clientId || !uid || token.length > 256 || clientId.length > 256 || uid.length > 320) return null;
  let account: AuthAccount | null = null;
  const session = await authenticateToken(db, {
    credentials: { token, clientId, uid },
    now,
    uidMatches: async (realm, userId) => {
      account = await activeAccount(db, realm, userId);
      return account !== null && account.email.toLowerCase() === uid;
    },
  });
  if (!session || !account) return null;
  const auth = toAuthSession(account, session.clientId, session.expiresAt, session.tokenId);
  details.set(auth, { via: "header", account, header: session });
  return auth;
}

async function fromCookie(c: Context<AppEnv>, db: Db, now: Date): Promise<AuthSession | null> {
  for (const realm of cookieOrder(c.req.path)) {
    const value = getCookie(c, SESSION_COOKIES[realm]);
    if (!value) continue;
    const session = await authenticateCookie(db, { realm, token: value, now });
    if (!session) continue;
    const account = await activeAccount(db, realm, session.userId);
    if (!account) continue;
    const auth = toAuthSession(account, session.clientId, session.expiresAt, session.tokenId);
    details.set(auth, { via: "cookie", account, cookie: session });
    return auth;
  }
  return null;
}

export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = c.get("db");
    const now = authNow();
    const hasHeaders = Boolean(c.req.header("access-token"));
    let auth = hasHeaders ? await fromHeaders(c, db, now) : null;
    // Header credentials that fail are a failed session: no falling back to the cookie.
    if (!hasHeaders && (c.req.method === "GET" || c.req.method === "HEAD")) auth = await fromCookie(c, db, now);
    c.set("auth", auth);
    await next();

    const current = sessionDetails(auth);
    // Sign-out and refusals hand out nothing; a route that issued its own tokens has set them.
    if (!auth || !current?.header || c.res.status === 401 || c.res.headers.has("access-token")) return;
    if (c.get("auth") !== auth) return;
    const rotated = await rotateIfDue(db, current.header, authNow());
    if (rotated) {
      // A route that changed the account's e-mail (its uid) has already sent the new one.
      const uid = c.res.headers.get("uid") ?? current.account.email;
      for (const [name, value] of Object.entries(tokenHeaders({ ...rotated, uid }))) c.res.headers.set(name, value);
      c.res.headers.set("Cache-Control", "no-store");
    }
  };
}

/** Access of a route whose callers depend on its parameters (e.g. the autocomplete kind); null lets the handler answer 404. */
export type AccessOf = (c: Context<AppEnv>) => Access | null;

const declared = new WeakMap<MiddlewareHandler<AppEnv>, Access | AccessOf>();

/** The access a guard middleware enforces, or undefined for any other handler (the route-declaration test reads it). */
export function declaredAccess(handler: unknown): Access | AccessOf | undefined {
  return typeof handler === "function" ? declared.get(handler as MiddlewareHandler<AppEnv>) : undefined;
}

/** The middleware enforcing `access` (or the access `access(c)` names for this request). */
export function guard(access: Access | AccessOf): MiddlewareHandler<AppEnv> {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const resolved = typeof access === "function" ? access(c) : access;
    const decision = resolved ? decideAccess(resolved, c.get("auth")) : "allowed";
    if (decision === 401) throw new ApiError(401, "unauthorized");
    if (decision === 403) throw new ApiError(403, "forbidden");
    await next();
  };
  declared.set(handler, access);
  return handler;
}

/** The session a guarded route admitted (the guard has already answered 401 without one). */
export function sessionOf(c: Context<AppEnv>): AuthSession {
  const auth = c.get("auth");
  if (!auth) throw new ApiError(401, "unauthorized");
  return auth;
}

/** 401 unless a user of `realm` is signed in (a token of the other realm counts as none). */
export function assertRealm(auth: AuthSession | null, realm: Realm): AuthSession {
  if (!auth || auth.realm !== realm) throw new ApiError(401, "unauthorized");
  return auth;
}

/** Guard for business routes: `requireBusinessRole([ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR])`. */
export function requireBusinessRole(roles?: readonly Role[]): MiddlewareHandler<AppEnv> {
  return guard(signedIn({ business: roles ?? "any" }));
}

/** SPEC §6 "funeral director or above": roles 0 and 1. */
export const FUNERAL_DIRECTOR_OR_ABOVE: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR];
export const ADMIN_ONLY: readonly Role[] = [ROLES.ADMIN];

export const requireFuneralDirectorOrAbove = () => requireBusinessRole(FUNERAL_DIRECTOR_OR_ABOVE);
export const requireAdmin = () => requireBusinessRole(ADMIN_ONLY);

/** Guard for the client space: 401 unless a client is signed in. */
export function requireClient(): MiddlewareHandler<AppEnv> {
  return guard(signedIn({ clients: true }));
}
