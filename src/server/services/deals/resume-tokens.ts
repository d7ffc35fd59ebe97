import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { dealResumeTokens } from "@/server/db/schema/auth";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";

/**
 * A deal's uuid names it, it opens nothing (issue 21): a family without a session reaches
 * their deal with a resume token (256 random bits, only its hash kept, valid
 * RESUME_TOKEN_DAYS from its last use).
 */

/** A resume token stops working after this many days without use. */
export const RESUME_TOKEN_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export function resumeExpiry(now: Date): Date {
  return new Date(now.getTime() + RESUME_TOKEN_DAYS * DAY_MS);
}

/** A fresh token and the hash to store; written by the caller (createDeal writes it with the deal). */
export function newResumeToken(): { token: string; hash: string } {
  const token = randomSecret(32);
  return { token, hash: sha256(token) };
}

/** A new resume token of a deal (for the quote e-mail); the raw value is returned once. */
export async function issueResumeToken(db: Db, dealId: number, now: Date): Promise<string> {
  const { token, hash } = newResumeToken();
  await db.insert(dealResumeTokens).values({ dealId, tokenHash: hash, expiresAt: resumeExpiry(now), createdAt: now, updatedAt: now });
  return token;
}

/** True when the token opens this deal; each use pushes its expiry back. */
export async function acceptResumeToken(db: Db, dealId: number, token: string | null | undefined, now: Date): Promise<boolean> {
  if (!token || token.length < 32 || token.length > 200) return false;
  const used = await db
    .update(dealResumeTokens)
    .set({ expiresAt: resumeExpiry(now), updatedAt: now })
    .where(and(eq(dealResumeTokens.dealId, dealId), eq(dealResumeTokens.tokenHash, sha256(token)), gt(dealResumeTokens.expiresAt, now)))
    .returning({ id: dealResumeTokens.id });
  return used.length > 0;
}
