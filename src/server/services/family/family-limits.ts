import type { Db } from "@/server/db/client";
import { RateLimitedError } from "@/server/http/errors";
import { consumeRateLimit, type LimitRule } from "@/server/services/rate-limit";

/** Abuse limits of the family-role routes (counted in the database, shared by every instance). */

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Invitations an owner may send per hour (a family is a few people; more is a mail cannon). */
export const INVITATIONS_PER_INVITER_PER_HOUR = 20;
/** Invitation e-mails one address may receive per day, whoever sends them. */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 5;
/** Invitation-link calls (read or accept) per caller address per 15 minutes: 128-bit tokens are not guessed, but nobody gets to try. */
export const INVITATION_LOOKUPS_PER_IP = 30;
export const INVITATION_LOOKUP_WINDOW_MS = 15 * 60 * 1000;


async function consume(db: Db, bucket: string, rules: Array<LimitRule | null>, now: Date): Promise<void> {
  const decision = await consumeRateLimit(db, { bucket, rules, now });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

/** `inviter`: "client:<id>" for a family member, "business_user:<id>" for an advisor. */
export function limitInvitationSend(db: Db, input: { inviter: string; email: string; now: Date }): Promise<void> {
  return consume(
    db,
    "family_invitation",
    [
      { key: input.inviter, limit: INVITATIONS_PER_INVITER_PER_HOUR, windowMs: HOUR_MS },
      { key: `email:${input.email.slice(0, 254)}`, limit: INVITATIONS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS },
    ],
    input.now,
  );
}

export function limitInvitationLookup(db: Db, input: { ip: string | null; now: Date }): Promise<void> {
  return consume(db, "family_invitation_lookup", [input.ip ? { key: `ip:${input.ip.slice(0, 100)}`, limit: INVITATION_LOOKUPS_PER_IP, windowMs: INVITATION_LOOKUP_WINDOW_MS } : null], input.now);
}
