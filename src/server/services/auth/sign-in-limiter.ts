import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { signInAttempts } from "@/server/db/schema/users";
import { MAX_FAILED_SIGN_INS, SIGN_IN_WINDOW_MS } from "@/server/services/auth/constants";
import { normalizeEmail, type Realm } from "@/server/services/auth/users";
import { lockKeys, waitSeconds, type LimitDecision } from "@/server/services/rate-limit";

/**
 * Brute-force protection: more than MAX_FAILED_SIGN_INS failures within a minute for one
 * e-mail, or from one address, make the next attempts wait. Attempts live in the
 * database, so every server instance sees the same count. Unknown and known e-mails are
 * counted alike, so the limiter does not reveal which accounts exist.
 *
 * An attempt is recorded as a failure before the password is checked, in the same
 * transaction as the count (under a lock per e-mail and address), and turned into a
 * success afterwards: a parallel burst gets exactly MAX_FAILED_SIGN_INS guesses.
 */

export type { LimitDecision };

type Tx = Db;

async function failuresSince(tx: Tx, where: ReturnType<typeof and>, since: Date) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${signInAttempts.createdAt})` })
    .from(signInAttempts)
    .where(and(where, eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { count: Number(row?.count ?? 0), oldest };
}

export type Reservation = { allowed: true; attemptId: number } | { allowed: false; retryAfterSeconds: number };

/** Counts the attempt (as a failure until `markSignInSucceeded`) unless the limit is reached. */
export async function reserveSignInAttempt(db: Db, input: { realm: Realm; email: string; ip: string | null; now: Date }): Promise<Reservation> {
  const email = normalizeEmail(input.email).slice(0, 254);
  const ip = input.ip?.slice(0, 100) ?? null;
  const since = new Date(input.now.getTime() - SIGN_IN_WINDOW_MS);
  const reservation = await db.transaction(async (transaction): Promise<Reservation> => {
    const tx = transaction as unknown as Tx;
    await lockKeys(tx, [`sign_in|email:${input.realm}:${email}`, ...(ip ? [`sign_in|ip:${ip}`] : [])]);
    const checks = [await failuresSince(tx, and(eq(signInAttempts.realm, input.realm), eq(signInAttempts.email, email)), since)];
    // Without a known address (no proxy header), all visitors would share one counter: skip it.
    if (ip) checks.push(await failuresSince(tx, and(eq(signInAttempts.ip, ip)), since));
    let wait = 0;
    for (const { count, oldest } of checks) {
      // The window frees a slot when its oldest failure leaves it.
      if (count >= MAX_FAILED_SIGN_INS && oldest) wait = Math.max(wait, waitSeconds(oldest, SIGN_IN_WINDOW_MS, input.now));
    }
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    const [row] = await tx
      .insert(signInAttempts)
      .values({ realm: input.realm, email, ip, succeeded: false, createdAt: input.now })
      .returning({ id: signInAttempts.id });
    return { allowed: true, attemptId: row!.id };
  });
  if (reservation.allowed) {
    // Keep the table small: attempts older than a day no longer matter to anyone.
    await db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(input.now.getTime() - 86_400_000)));
  }
  return reservation;
}

/** The reserved attempt was right: it no longer counts against the limit. */
export async function markSignInSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
}
