import type { Db } from "@/server/db/client";
import { verifyPassword } from "@/server/services/auth/passwords";
import { createSession, type IssuedToken } from "@/server/services/auth/sessions";
import { markSignInSucceeded, reserveSignInAttempt } from "@/server/services/auth/sign-in-limiter";
import { findAccountByEmail, type AuthAccount, type Realm } from "@/server/services/auth/users";

export type SignInResult =
  | { ok: true; account: AuthAccount; session: IssuedToken }
  | { ok: false; code: "invalid_credentials" }
  | { ok: false; code: "rate_limited"; retryAfterSeconds: number };

/**
 * E-mail and password sign-in. Every refusal (unknown e-mail, wrong password, account
 * without password, disabled advisor) gives the same answer after the same work.
 */
export async function signIn(
  db: Db,
  input: { realm: Realm; email: string; password: string; ip: string | null; userAgent?: string | null; now: Date },
): Promise<SignInResult> {
  const limit = await reserveSignInAttempt(db, input);
  if (!limit.allowed) return { ok: false, code: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };

  const account = await findAccountByEmail(db, input.realm, input.email);
  const passwordOk = await verifyPassword(account?.passwordHash, input.password);
  const ok = account !== null && passwordOk && !account.disabled;
  if (ok) await markSignInSucceeded(db, limit.attemptId);
  if (!ok || !account) return { ok: false, code: "invalid_credentials" };

  const session = await createSession(db, { realm: input.realm, userId: account.id, now: input.now, userAgent: input.userAgent });
  return { ok: true, account, session };
}
