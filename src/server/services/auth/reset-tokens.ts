import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { passwordResetTokens } from "@/server/db/schema/auth";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import type { Realm } from "@/server/services/auth/users";

/**
 * The single reset token of an account: a new one replaces any older one, so only the
 * newest e-mailed link works. Only its hash is stored; the raw value is returned once.
 */
export async function replaceResetToken(
  db: Db,
  input: { realm: Realm; userId: number; redirectUrl: string; lifetimeMs: number; now: Date },
): Promise<string> {
  const token = randomSecret(32);
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.realm, input.realm), eq(passwordResetTokens.userId, input.userId)));
    await tx.insert(passwordResetTokens).values({
      realm: input.realm,
      userId: input.userId,
      tokenHash: sha256(token),
      redirectUrl: input.redirectUrl,
      expiresAt: new Date(input.now.getTime() + input.lifetimeMs),
      createdAt: input.now,
    });
  });
  return token;
}

/** The e-mail link: the API's …/password/edit with the token, which opens the reset page. */
export function resetLink(editUrl: string, token: string, redirectUrl: string): string {
  const query = new URLSearchParams({ reset_password_token: token, redirect_url: redirectUrl, config: "default" });
  return `${editUrl}?${query.toString()}`;
}
