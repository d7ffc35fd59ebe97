import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { passwordResetTokens } from "@/server/db/schema/auth";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { sendEmailOnce } from "@/server/jobs/deliveries";
import { enqueue, notifyEnqueued } from "@/server/jobs/queue";
import { RESET_TOKEN_LIFETIME_MS } from "@/server/services/auth/constants";
import { hashPassword } from "@/server/services/auth/passwords";
import { passwordResetEmail } from "@/server/services/auth/reset-email";
import { replaceResetToken, resetLink } from "@/server/services/auth/reset-tokens";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import { createSession, revokeOtherSessions, type IssuedToken } from "@/server/services/auth/sessions";
import { findAccountByEmail, findAccountById, setPasswordHash, type AuthAccount, type Realm } from "@/server/services/auth/users";

/**
 * Forgotten password (DESIGN "Auth"): a single-use token valid 2 hours, stored hashed,
 * sent by e-mail. The caller answers the same whether or not the e-mail has an account.
 */

export interface ResetRequest {
  realm: Realm;
  email: string;
  /** Already checked against the allowlist. */
  redirectUrl: string;
  /** The API's …/password/edit address; the e-mail links there with the token. */
  editUrl: string;
  locale: string;
  now: Date;
}

export const PASSWORD_RESET_EMAIL_JOB = "auth.password_reset_email";

export type PasswordResetJobPayload = {
  realm: Realm;
  user_id: number;
  redirect_url: string;
  edit_url: string;
  locale: string;
};

/**
 * Queues the reset e-mail (null when the e-mail has no account). The answer time does not
 * depend on the mail server, and the job is retried until the mail leaves.
 */
export async function requestPasswordReset(db: Db, input: ResetRequest): Promise<{ queued: boolean }> {
  const account = await findAccountByEmail(db, input.realm, input.email);
  if (!account || account.disabled) return { queued: false };
  const payload: PasswordResetJobPayload = { realm: input.realm, user_id: account.id, redirect_url: input.redirectUrl, edit_url: input.editUrl, locale: input.locale };
  // Each request is its own e-mail: the key only keeps a retried job from sending it twice.
  await enqueue(db, { kind: PASSWORD_RESET_EMAIL_JOB, payload, idempotencyKey: `${PASSWORD_RESET_EMAIL_JOB}:${input.realm}:${account.id}:${randomSecret(9)}` }, input.now);
  notifyEnqueued();
  return { queued: true };
}

/**
 * The reset e-mail job. The token is made when the mail is written, so no secret waits
 * in the queue; only the newest link works, so an older e-mail lying in a mailbox is useless.
 */
export async function deliverPasswordResetEmail(db: Db, payload: PasswordResetJobPayload, idempotencyKey: string, mailer: Mailer, now: Date): Promise<void> {
  const account = await findAccountById(db, payload.realm, payload.user_id);
  if (!account || account.disabled) return;
  await sendEmailOnce(db, mailer, idempotencyKey, async () => {
    const token = await replaceResetToken(db, { realm: payload.realm, userId: account.id, redirectUrl: payload.redirect_url, lifetimeMs: RESET_TOKEN_LIFETIME_MS, now });
    return passwordResetEmail({
      to: account.email,
      link: resetLink(payload.edit_url, token, payload.redirect_url),
      locale: payload.locale,
      professional: payload.realm === "business_user",
    });
  });
}

export interface ValidResetToken {
  userId: number;
  redirectUrl: string;
}

/** A token that is known, unused and not expired; the reset page is only shown for those. */
export async function findValidResetToken(db: Db, input: { realm: Realm; token: string; now: Date }): Promise<ValidResetToken | null> {
  if (!input.token || input.token.length > 200) return null;
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.realm, input.realm),
        eq(passwordResetTokens.tokenHash, sha256(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, input.now),
      ),
    )
    .limit(1);
  return row ? { userId: row.userId, redirectUrl: row.redirectUrl } : null;
}

export type ResetResult = { ok: true; account: AuthAccount; session: IssuedToken } | { ok: false; code: "reset_token_invalid" };

/**
 * Sets the new password with a reset token: the token is spent, every session of the
 * account ends, and the browser that reset it gets a fresh session.
 */
export async function resetPassword(
  db: Db,
  input: { realm: Realm; token: string; password: string; now: Date; userAgent?: string | null },
): Promise<ResetResult> {
  const valid = await findValidResetToken(db, input);
  if (!valid) return { ok: false, code: "reset_token_invalid" };
  // Spend the token first and only once, even if two submissions race.
  const spent = await db
    .update(passwordResetTokens)
    .set({ usedAt: input.now })
    .where(and(eq(passwordResetTokens.tokenHash, sha256(input.token)), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (spent.length !== 1) return { ok: false, code: "reset_token_invalid" };
  const account = await findAccountById(db, input.realm, valid.userId);
  if (!account || account.disabled) return { ok: false, code: "reset_token_invalid" };

  await setPasswordHash(db, input.realm, account.id, await hashPassword(input.password));
  await revokeOtherSessions(db, input.realm, account.id, null);
  const session = await createSession(db, { realm: input.realm, userId: account.id, now: input.now, userAgent: input.userAgent });
  return { ok: true, account, session };
}

/** Reset links of a user stop working (after any password change). */
export async function dropResetTokens(db: Db, realm: Realm, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.realm, realm), eq(passwordResetTokens.userId, userId)));
}
