import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { signInAttempts } from "@/server/db/schema/users";
import { MAX_FAILED_SIGN_INS, SIGN_IN_WINDOW_MS } from "@/server/services/auth/constants";
import { normalizeEmail, type Realm } from "@/server/services/auth/users";

/**
 * Brute-force protection: more than MAX_FAILED_SIGN_INS failures within a minute for one
 * e-mail, or from one address, make the next attempts wait. Attempts live in the
 * database, so every server instance sees the same count. Unknown and known e-mails are
 * counted alike, so the limiter does not reveal which accounts exist.
 */

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

async function failuresSince(db: Db, where: ReturnType<typeof and>, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${signInAttempts.createdAt})` })
    .from(signInAttempts)
    .where(and(where, eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { count: Number(row?.count ?? 0), oldest };
}

export async function checkSignInAllowed(
  db: Db,
  input: { realm: Realm; email: string; ip: string | null; now: Date },
): Promise<LimitDecision> {
  const since = new Date(input.now.getTime() - SIGN_IN_WINDOW_MS);
  const checks = [
    failuresSince(db, and(eq(signInAttempts.realm, input.realm), eq(signInAttempts.email, normalizeEmail(input.email))), since),
  ];
  // Without a known address (no proxy header), all visitors would share one counter: skip it.
  if (input.ip) checks.push(failuresSince(db, and(eq(signInAttempts.ip, input.ip)), since));
  let waitMs = 0;
  for (const { count, oldest } of await Promise.all(checks)) {
    if (count < MAX_FAILED_SIGN_INS || !oldest) continue;
    // The window frees a slot when its oldest failure leaves it.
    waitMs = Math.max(waitMs, oldest.getTime() + SIGN_IN_WINDOW_MS - input.now.getTime());
  }
  return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { allowed: true };
}

export async function recordSignInAttempt(
  db: Db,
  input: { realm: Realm; email: string; ip: string | null; succeeded: boolean; now: Date },
): Promise<void> {
  await db.insert(signInAttempts).values({
    realm: input.realm,
    email: normalizeEmail(input.email).slice(0, 254),
    ip: input.ip?.slice(0, 100) ?? null,
    succeeded: input.succeeded,
    createdAt: input.now,
  });
  if (!input.succeeded) {
    // Keep the table small: attempts older than a day no longer matter to anyone.
    await db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(input.now.getTime() - 86_400_000)));
  }
}
