import type { Db } from "@/server/db/client";
import { dropResetTokens } from "@/server/services/auth/password-reset";
import { hashPassword, verifyPassword } from "@/server/services/auth/passwords";
import { revokeOtherSessions } from "@/server/services/auth/sessions";
import { findAccountById, setPasswordHash, type Realm } from "@/server/services/auth/users";

export type PasswordChangeResult = { ok: true } | { ok: false; code: "current_password_invalid" | "unauthorized" };

/**
 * A signed-in user changes the password. The current password is asked again (a
 * borrowed unlocked phone must not be enough), then every other session and every
 * pending reset link of the account stops working.
 */
export async function changePassword(
  db: Db,
  input: { realm: Realm; userId: number; clientId: string; currentPassword: string; password: string },
): Promise<PasswordChangeResult> {
  const account = await findAccountById(db, input.realm, input.userId);
  if (!account || account.disabled) return { ok: false, code: "unauthorized" };
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) return { ok: false, code: "current_password_invalid" };
  await setPasswordHash(db, input.realm, account.id, await hashPassword(input.password));
  await revokeOtherSessions(db, input.realm, account.id, input.clientId);
  await dropResetTokens(db, input.realm, account.id);
  return { ok: true };
}
