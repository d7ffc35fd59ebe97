import { and, eq, gt, inArray, isNull, like, lt, lte, ne, notLike, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { authTokens } from "@/server/db/schema/users";
import {
  COOKIE_TOUCH_INTERVAL_MS,
  MAX_DEVICES_PER_USER,
  ROTATION_BATCH_WINDOW_MS,
  SESSION_LIFETIME_MS,
} from "@/server/services/auth/constants";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import type { Realm } from "@/server/services/auth/users";

/**
 * Sessions of the devise_token_auth header protocol (SPEC §7), one auth_tokens row per
 * device ("client"). Only hashes are stored. Each authenticated request rotates the
 * device's token unless it was rotated less than ROTATION_BATCH_WINDOW_MS ago; during
 * that window the replaced token still works, so a page's parallel requests succeed.
 *
 * A device may also hold a cookie session (POST …/auth/cookie): a second row whose
 * client id is `cookie:<device client id>`, never rotated, for server-rendered pages and
 * downloads, which cannot send headers. It belongs to its device: it is revoked with it.
 */

export const COOKIE_CLIENT_PREFIX = "cookie:";

export function cookieClientId(clientId: string): string {
  return `${COOKIE_CLIENT_PREFIX}${clientId}`;
}

function isCookieClientId(clientId: string): boolean {
  return clientId.startsWith(COOKIE_CLIENT_PREFIX);
}

/** The credentials a response hands to the browser (`expiry` in seconds, SPEC §3). */
export interface IssuedToken {
  clientId: string;
  token: string;
  expiresAt: Date;
}

function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + SESSION_LIFETIME_MS);
}

/**
 * Keeps at most MAX_DEVICES_PER_USER devices, dropping the least recently used (with
 * their cookie sessions), and forgets the user's expired sessions.
 */
async function pruneDevices(db: Db, realm: Realm, userId: number, keepClientId: string, now: Date): Promise<void> {
  const owner = and(eq(authTokens.realm, realm), eq(authTokens.userId, userId));
  await db.delete(authTokens).where(and(owner, lte(authTokens.expiresAt, now)));
  const devices = await db
    .select({ clientId: authTokens.clientId })
    .from(authTokens)
    .where(and(owner, notLike(authTokens.clientId, `${COOKIE_CLIENT_PREFIX}%`)))
    .orderBy(sql`coalesce(${authTokens.lastUsedAt}, ${authTokens.createdAt}) desc`, sql`${authTokens.id} desc`);
  // The device being signed in always stays, whatever the other devices' clocks said.
  const keptBase = isCookieClientId(keepClientId) ? keepClientId.slice(COOKIE_CLIENT_PREFIX.length) : keepClientId;
  const others = devices.map((d) => d.clientId).filter((id) => id !== keptBase);
  const dropped = others.slice(MAX_DEVICES_PER_USER - 1);
  if (dropped.length === 0) return;
  await db
    .delete(authTokens)
    .where(and(owner, inArray(authTokens.clientId, [...dropped, ...dropped.map(cookieClientId)])));
}

/** A new device session, as at sign-in. */
export async function createSession(
  db: Db,
  input: { realm: Realm; userId: number; now: Date; userAgent?: string | null; clientId?: string },
): Promise<IssuedToken> {
  const clientId = input.clientId ?? randomSecret();
  const token = randomSecret();
  const expiresAt = expiryFrom(input.now);
  await db
    .insert(authTokens)
    .values({
      realm: input.realm,
      userId: input.userId,
      clientId,
      tokenHash: sha256(token),
      previousTokenHash: null,
      rotatedAt: input.now,
      expiresAt,
      lastUsedAt: input.now,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: [authTokens.realm, authTokens.userId, authTokens.clientId],
      set: { tokenHash: sha256(token), previousTokenHash: null, rotatedAt: input.now, expiresAt, lastUsedAt: input.now },
    });
  await pruneDevices(db, input.realm, input.userId, clientId, input.now);
  return { clientId, token, expiresAt };
}

export interface TokenCredentials {
  uid: string;
  clientId: string;
  token: string;
}

export interface AuthenticatedSession {
  realm: Realm;
  userId: number;
  clientId: string;
  tokenId: number;
  expiresAt: Date;
  /** The token the request sent. */
  sentToken: string;
  /** False when the request used the token just replaced (accepted inside the batch window). */
  current: boolean;
}

/**
 * Checks header credentials. Returns null for unknown, expired, revoked or
 * replaced-too-long-ago tokens. The realm comes from the stored session; `uidMatches`
 * compares the uid header with the account (the caller loads it, and may keep it).
 */
export async function authenticateToken(
  db: Db,
  input: { credentials: TokenCredentials; now: Date; uidMatches: (realm: Realm, userId: number) => Promise<boolean> },
): Promise<AuthenticatedSession | null> {
  const { credentials, now } = input;
  if (!credentials.token || !credentials.clientId || isCookieClientId(credentials.clientId)) return null;
  const hash = sha256(credentials.token);
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.clientId, credentials.clientId),
        or(eq(authTokens.tokenHash, hash), eq(authTokens.previousTokenHash, hash)),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  const current = row.tokenHash === hash;
  if (!current && !inBatchWindow(row.rotatedAt, now)) return null;
  if (!(await input.uidMatches(row.realm, row.userId))) return null;
  return {
    realm: row.realm,
    userId: row.userId,
    clientId: row.clientId,
    tokenId: row.id,
    expiresAt: row.expiresAt,
    sentToken: credentials.token,
    current,
  };
}

function inBatchWindow(rotatedAt: Date | null, now: Date): boolean {
  return rotatedAt !== null && rotatedAt.getTime() > now.getTime() - ROTATION_BATCH_WINDOW_MS;
}

/**
 * The token a response must carry after an authenticated request: a new one (the
 * device's token rotates), the one sent when it was rotated less than the batch window
 * ago, or null when the request used the replaced token (echoing it could overwrite the
 * new token a parallel response already stored) or the session is gone (signed out).
 */
export async function rotateIfDue(db: Db, session: AuthenticatedSession, now: Date): Promise<IssuedToken | null> {
  if (!session.current) return null;
  const sentHash = sha256(session.sentToken);
  const [row] = await db.select().from(authTokens).where(eq(authTokens.id, session.tokenId)).limit(1);
  if (!row || row.tokenHash !== sentHash || row.expiresAt <= now) return null;
  if (inBatchWindow(row.rotatedAt, now)) return { clientId: row.clientId, token: session.sentToken, expiresAt: row.expiresAt };

  const fresh = randomSecret();
  const expiresAt = expiryFrom(now);
  const windowStart = new Date(now.getTime() - ROTATION_BATCH_WINDOW_MS);
  // Conditional on the row still holding the sent token and being out of the window:
  // of several instances racing on one device, exactly one rotates.
  const rotated = await db
    .update(authTokens)
    .set({ tokenHash: sha256(fresh), previousTokenHash: sentHash, rotatedAt: now, expiresAt, lastUsedAt: now })
    .where(
      and(
        eq(authTokens.id, row.id),
        eq(authTokens.tokenHash, sentHash),
        or(isNull(authTokens.rotatedAt), lte(authTokens.rotatedAt, windowStart)),
      ),
    )
    .returning({ id: authTokens.id });
  return rotated.length === 1 ? { clientId: row.clientId, token: fresh, expiresAt } : null;
}

/** Signs one device out: its token and its cookie session stop working. */
export async function revokeSession(db: Db, realm: Realm, userId: number, clientId: string): Promise<void> {
  const base = isCookieClientId(clientId) ? clientId.slice(COOKIE_CLIENT_PREFIX.length) : clientId;
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.realm, realm), eq(authTokens.userId, userId), inArray(authTokens.clientId, [base, cookieClientId(base)])));
}

/** After a password change: every session of the user ends except the device that changed it. */
export async function revokeOtherSessions(db: Db, realm: Realm, userId: number, keepClientId: string | null): Promise<void> {
  const owner = and(eq(authTokens.realm, realm), eq(authTokens.userId, userId));
  if (keepClientId === null) {
    await db.delete(authTokens).where(owner);
    return;
  }
  await db
    .delete(authTokens)
    .where(and(owner, ne(authTokens.clientId, keepClientId), ne(authTokens.clientId, cookieClientId(keepClientId))));
}

/** Opens (or renews) the cookie session of a signed-in device; returns the cookie value. */
export async function createCookieSession(
  db: Db,
  input: { realm: Realm; userId: number; clientId: string; now: Date },
): Promise<IssuedToken> {
  const issued = await createSession(db, {
    realm: input.realm,
    userId: input.userId,
    clientId: cookieClientId(input.clientId),
    now: input.now,
  });
  return { ...issued, clientId: input.clientId };
}

export interface CookieSession {
  userId: number;
  tokenId: number;
  /** The device the cookie belongs to. */
  clientId: string;
  expiresAt: Date;
}

/** The session a cookie carries, or null. Each use slides its expiry (at most once a minute). */
export async function authenticateCookie(db: Db, input: { realm: Realm; token: string; now: Date }): Promise<CookieSession | null> {
  if (!input.token || input.token.length > 200) return null;
  const [row] = await db
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.realm, input.realm),
        eq(authTokens.tokenHash, sha256(input.token)),
        like(authTokens.clientId, `${COOKIE_CLIENT_PREFIX}%`),
        gt(authTokens.expiresAt, input.now),
      ),
    )
    .limit(1);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  const lastUsed = row.lastUsedAt?.getTime() ?? 0;
  if (input.now.getTime() - lastUsed >= COOKIE_TOUCH_INTERVAL_MS) {
    expiresAt = expiryFrom(input.now);
    await db.update(authTokens).set({ lastUsedAt: input.now, expiresAt }).where(eq(authTokens.id, row.id));
  }
  return { userId: row.userId, tokenId: row.id, clientId: row.clientId.slice(COOKIE_CLIENT_PREFIX.length), expiresAt };
}

/**
 * Gives header credentials to a browser that only holds the cookie (after a social
 * sign-in): the cookie's device gets its first token. A device that already has a live
 * token keeps it: a GET carrying only the cookie can come from any site (a link, an
 * image), and replacing the token would sign the open tab out. Null then.
 */
export async function adoptCookieSession(db: Db, input: { realm: Realm; session: CookieSession; now: Date }): Promise<IssuedToken | null> {
  const [live] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.realm, input.realm),
        eq(authTokens.userId, input.session.userId),
        eq(authTokens.clientId, input.session.clientId),
        gt(authTokens.expiresAt, input.now),
      ),
    )
    .limit(1);
  if (live) return null;
  return createSession(db, { realm: input.realm, userId: input.session.userId, clientId: input.session.clientId, now: input.now });
}

/** Sessions (devices) a user has, for tests and the account page. */
export async function countDevices(db: Db, realm: Realm, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.realm, realm),
        eq(authTokens.userId, userId),
        notLike(authTokens.clientId, `${COOKIE_CLIENT_PREFIX}%`),
        gt(authTokens.expiresAt, now),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Housekeeping: sessions past their expiry are useless; called opportunistically. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, now));
}
