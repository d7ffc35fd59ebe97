import { and, count, eq, gt, sql } from "drizzle-orm";
import { DOCUMENT_REQUEST_ERRORS, isDocumentRequestToken } from "@/domain/document-requests";
import type { Db } from "@/server/db/client";
import { rateLimitHits } from "@/server/db/schema/auth";
import { documentRequestProofs, documentRequests } from "@/server/db/schema/document-requests";
import { ApiError, notFoundError, RateLimitedError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { type FamilyAction } from "@/domain/family-roles";
import { holdAllows, procedureHold } from "@/server/services/procedures/procedure-access";
import { consumeRateLimit, type LimitRule } from "@/server/services/rate-limit";
import { hashRequestToken } from "@/server/services/document-requests/secrets";
import type { DocumentRequestRow } from "@/server/services/document-requests/request-views";

/**
 * How the public link is opened: by its token (404 when unknown, 410 once expired), with
 * per-caller limits that make guessing pointless on top of 256-bit tokens, and the
 * proof (code entered, or a holder's session) that unlocks more than first names.
 */


export const LOOKUP_LIMITS = {
  /** Unknown tokens one address may try in an hour before every lookup from it is refused. */
  missesPerHour: 10,
  /** Lookups of any kind per address in 10 minutes (a family reloads; a scanner does not stop). */
  lookupsPer10Min: 120,
  /** Codes one address may submit in 15 minutes, whatever the request. */
  codesPer15Min: 20,
} as const;

const HOUR = 3600 * 1000;
const MISS_BUCKET = "document_request_miss";

function ipRule(ip: string | null, limit: number, windowMs: number): LimitRule | null {
  return ip ? { key: `ip:${ip.slice(0, 100)}`, limit, windowMs } : null;
}

async function missesOf(db: Db, ip: string, now: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: sql<Date | string | null>`min(${rateLimitHits.createdAt})` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, MISS_BUCKET), eq(rateLimitHits.key, `ip:${ip.slice(0, 100)}`), gt(rateLimitHits.createdAt, new Date(now.getTime() - HOUR))));
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * The request a link names. An address that has tried too many unknown tokens gets 429
 * for every token (so a hit cannot be told from a miss); a miss counts against it.
 */
export async function requestByToken(db: Db, token: string, input: { ip: string | null; now: Date }): Promise<DocumentRequestRow> {
  if (input.ip) {
    const misses = await missesOf(db, input.ip, input.now);
    if (misses.count >= LOOKUP_LIMITS.missesPerHour && misses.oldest) {
      throw new RateLimitedError(Math.max(1, Math.ceil((misses.oldest.getTime() + HOUR - input.now.getTime()) / 1000)));
    }
    const decision = await consumeRateLimit(db, { bucket: "document_request_lookup", rules: [ipRule(input.ip, LOOKUP_LIMITS.lookupsPer10Min, 10 * 60 * 1000)], now: input.now });
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  }
  const row = isDocumentRequestToken(token)
    ? (await db.select().from(documentRequests).where(eq(documentRequests.tokenHash, hashRequestToken(token))).limit(1))[0]
    : undefined;
  if (!row) {
    await consumeRateLimit(db, { bucket: MISS_BUCKET, rules: [ipRule(input.ip, Number.MAX_SAFE_INTEGER, HOUR)], now: input.now });
    throw notFoundError();
  }
  if (row.expiresAt <= input.now) throw new ApiError(410, DOCUMENT_REQUEST_ERRORS.expired);
  return row;
}

/** Counts a code submission against the caller's address. */
export async function consumeCodeAttempt(db: Db, ip: string | null, now: Date): Promise<void> {
  const decision = await consumeRateLimit(db, { bucket: "document_request_code", rules: [ipRule(ip, LOOKUP_LIMITS.codesPer15Min, 15 * 60 * 1000)], now });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

export interface ProofInput {
  /** The X-Document-Request-Proof header, if any. */
  proof: string | undefined;
  auth: AuthSession | null;
}

/**
 * Whether the caller proved who they are for this request: a proof issued for it (not for
 * another, not expired), or a session holding the procedure with `action`. A session
 * proves nothing more: the link never opens the procedure itself.
 */
export async function isProven(db: Db, request: DocumentRequestRow, input: ProofInput, action: FamilyAction, now: Date): Promise<boolean> {
  const proof = input.proof?.trim();
  if (proof && /^[A-Za-z0-9_-]{20,100}$/.test(proof)) {
    const [row] = await db
      .select({ id: documentRequestProofs.id })
      .from(documentRequestProofs)
      .where(and(eq(documentRequestProofs.tokenHash, hashRequestToken(proof)), eq(documentRequestProofs.documentRequestId, request.id), gt(documentRequestProofs.expiresAt, now)))
      .limit(1);
    if (row) return true;
  }
  if (input.auth) {
    const hold = await procedureHold(db, input.auth, request.administrativeProcedureId);
    if (hold && holdAllows(hold, action)) return true;
  }
  return false;
}
