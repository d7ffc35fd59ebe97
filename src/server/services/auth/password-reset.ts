import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { passwordResetTokens } from "@/server/db/schema/auth";
import { describeError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { RESET_TOKEN_LIFETIME_MS } from "@/server/services/auth/constants";
import { hashPassword } from "@/server/services/auth/passwords";
import { passwordResetEmail } from "@/server/services/auth/reset-email";
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
  /** Builds the e-mail link from the raw token (the API's …/password/edit address). */
  linkFor: (token: string) => string;
  locale: string;
  mailer: Mailer;
  now: Date;
}

/**
 * Records a reset token and prepares its e-mail. Returns the delivery (null when the
 * e-mail has no account) without waiting for it, so the answer time does not depend on
 * the mail server; callers that need the message sent (tests) await it.
 */
export async function requestPasswordReset(db: Db, input: ResetRequest): Promise<{ delivery: Promise<void> | null }> {
  const account = await findAccountByEmail(db, input.realm, input.email);
  if (!account || account.disabled) return { delivery: null };

  const token = randomSecret(32);
  // Only the newest link works: an older e-mail lying in a mailbox is useless.
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.realm, input.realm), eq(passwordResetTokens.userId, account.id)));
  await db.insert(passwordResetTokens).values({
    realm: input.realm,
    userId: account.id,
    tokenHash: sha256(token),
    redirectUrl: input.redirectUrl,
    expiresAt: new Date(input.now.getTime() + RESET_TOKEN_LIFETIME_MS),
    createdAt: input.now,
  });

  const delivery = (async () => {
    const message = await passwordResetEmail({
      to: account.email,
      link: input.linkFor(token),
      locale: input.locale,
      professional: input.realm === "business_user",
    });
    await input.mailer.send(message);
  })();
  // A failed delivery is logged, never shown: the answer must not differ for existing accounts.
  // A mail server's message may quote the address: only the error's kind and codes are logged.
  delivery.catch((error: unknown) => console.error(`[auth] password reset e-mail not sent: ${describeError(error)}`));
  return { delivery };
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
