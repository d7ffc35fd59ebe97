import type { Db } from "@/server/db/client";
import { replaceResetToken, resetLink } from "@/server/services/auth/reset-tokens";
import type { Realm } from "@/server/services/auth/users";

/**
 * A link to choose the password of an account created for someone (the family's account
 * made with their quote): a reset token of this service (single use, stored hashed, only
 * the newest works), valid as long as the caller says, since such a mail is read when the
 * family can, not within the two hours of a forgotten-password link.
 */
export async function issueSetPasswordLink(
  db: Db,
  input: {
    realm: Realm;
    userId: number;
    /** The reset page the link ends on (already trusted: built by the server, not sent by a caller). */
    redirectUrl: string;
    /** The API's …/password/edit address. */
    editUrl: string;
    lifetimeMs: number;
    now: Date;
  },
): Promise<string> {
  const token = await replaceResetToken(db, input);
  return resetLink(input.editUrl, token, input.redirectUrl);
}
