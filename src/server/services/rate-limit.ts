import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { rateLimitHits } from "@/server/db/schema/auth";

/**
 * Abuse limits counted in the database (every server instance sees the same count) and
 * counted atomically: the check and the hit are one transaction under an advisory lock
 * per key, so a parallel burst gets exactly `limit` actions, not "as many as arrive
 * before the first is recorded".
 */

export interface LimitRule {
  /** What is counted, e.g. `email:claire@example.org` or `ip:203.0.113.7`. */
  key: string;
  limit: number;
  windowMs: number;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Hits older than this no longer matter to any rule. */
const KEEP_MS = 2 * 24 * 3600 * 1000;

type Tx = Db;

/** Serialises the counters of these keys until the transaction ends (no-op cost on PGlite, which has one connection). */
export async function lockKeys(tx: Tx, keys: string[]): Promise<void> {
  // Always the same order, so two requests never wait on each other's second lock.
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/** Seconds until the window of a full rule frees a slot. */
export function waitSeconds(oldest: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
}

/**
 * Counts one action against every rule, or none when any rule is full. Rules without a
 * key (an unknown caller address) are skipped.
 */
export async function consumeRateLimit(db: Db, input: { bucket: string; rules: Array<LimitRule | null>; now: Date }): Promise<LimitDecision> {
  const rules = input.rules.filter((rule): rule is LimitRule => rule !== null && rule.key.length > 0);
  if (rules.length === 0) return { allowed: true };
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Tx;
    await lockKeys(tx, rules.map((rule) => `${input.bucket}|${rule.key}`));
    let wait = 0;
    for (const rule of rules) {
      const since = new Date(input.now.getTime() - rule.windowMs);
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${rateLimitHits.createdAt})` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, input.bucket), eq(rateLimitHits.key, rule.key), gt(rateLimitHits.createdAt, since)));
      if (Number(row?.count ?? 0) >= rule.limit && row?.oldest) wait = Math.max(wait, waitSeconds(new Date(row.oldest), rule.windowMs, input.now));
    }
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    await tx.insert(rateLimitHits).values(rules.map((rule) => ({ bucket: input.bucket, key: rule.key, createdAt: input.now, updatedAt: input.now })));
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, input.bucket), lt(rateLimitHits.createdAt, new Date(input.now.getTime() - KEEP_MS))));
    return { allowed: true };
  });
}

/** The rules of an action limited per e-mail address and per caller address. */
export function perEmailAndIp(
  email: string | null,
  ip: string | null,
  limits: { perEmail: number; emailWindowMs: number; perIp: number; ipWindowMs: number },
): Array<LimitRule | null> {
  return [
    email ? { key: `email:${email.trim().toLowerCase().slice(0, 254)}`, limit: limits.perEmail, windowMs: limits.emailWindowMs } : null,
    ip ? { key: `ip:${ip.slice(0, 100)}`, limit: limits.perIp, windowMs: limits.ipWindowMs } : null,
  ];
}
