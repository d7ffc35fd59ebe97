import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { purgeExpiredConversations } from "@/server/services/assistant/conversations";

/**
 * Periodic clean-up: capability links past their expiry (password and account links,
 * sign-in requests to the identity provider), long-expired sessions, and finished jobs
 * kept a while for the record; family invitations never accepted, a while after they
 * expired or were withdrawn (they hold the address of someone who did not join); the
 * assistant's conversations past their expiry, with their messages and feedbacks.
 */
export const PURGE_EXPIRED_JOB = "maintenance.purge_expired";
/** Finished jobs stay this long (admins read recent history; the unique keys of periodic slots are date-based). */
export const EXPIRED_SESSION_RETENTION_MS = 30 * 24 * 3600 * 1000;
export const FINISHED_JOB_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** An invitation that was not accepted stays this long after its end, so its link still says "expired" rather than "unknown". */
export const DEAD_INVITATION_RETENTION_MS = 30 * 24 * 3600 * 1000;

export async function purgeExpired(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`DELETE FROM password_reset_tokens WHERE expires_at < ${at}::timestamptz OR used_at IS NOT NULL`);
  await db.execute(sql`DELETE FROM oidc_login_requests WHERE expires_at < ${at}::timestamptz`);
  await db.execute(sql`DELETE FROM document_request_proofs WHERE expires_at < ${at}::timestamptz`);
  // Expired sessions stay a while, so a returning browser is told "session expired" rather than "unknown".
  await db.execute(sql`DELETE FROM auth_tokens WHERE expires_at < ${new Date(now.getTime() - EXPIRED_SESSION_RETENTION_MS).toISOString()}::timestamptz`);
  const invitationsBefore = new Date(now.getTime() - DEAD_INVITATION_RETENTION_MS).toISOString();
  await db.execute(sql`DELETE FROM family_invitations WHERE accepted_at IS NULL
    AND (expires_at < ${invitationsBefore}::timestamptz OR revoked_at < ${invitationsBefore}::timestamptz)`);
  await purgeExpiredConversations(db, now);
  await db.execute(sql`DELETE FROM jobs WHERE state IN ('done', 'discarded') AND finished_at IS NOT NULL
    AND finished_at < ${new Date(now.getTime() - FINISHED_JOB_RETENTION_MS).toISOString()}::timestamptz`);
}
