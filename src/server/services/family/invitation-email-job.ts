import { and, eq, gt, isNull } from "drizzle-orm";
import { paths } from "@/config/paths";
import { INVITATION_VALIDITY_DAYS, type InvitableRole } from "@/domain/family-roles";
import { localeOrDefault } from "@/domain/locales";
import type { FamilyTargetType } from "@/domain/schemas/family";
import { originForLocale } from "@/i18n/locale-host";
import type { Db } from "@/server/db/client";
import { familyInvitations } from "@/server/db/schema/family";
import { clients } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { sendEmailOnce } from "@/server/jobs/deliveries";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import { defunctFirstnameOf } from "@/server/services/family/family-target";
import { invitationEmail } from "@/server/services/family/invitation-email";

export const FAMILY_INVITATION_EMAIL_JOB = "family.invitation_email";

export type InvitationEmailPayload = {
  invitation_id: number;
  /** The language of the site the owner invited from: the family's language. */
  locale: string;
};

/**
 * The accept page's address. The token rides in the fragment (never sent to a server,
 * nor in a Referer); the page reads it and removes it from the address bar.
 */
export function invitationUrl(siteUrl: string, locale: string, token: string): string {
  return `${originForLocale(siteUrl, localeOrDefault(locale))}${paths.invitation()}#${new URLSearchParams({ invitation: token }).toString()}`;
}

/**
 * The invitation e-mail job. An invitation withdrawn, replaced, accepted or expired since
 * sends nothing. The token is made as the mail is written and only its hash kept, so the
 * mailed link is the only copy.
 */
export async function deliverInvitationEmail(
  db: Db,
  payload: InvitationEmailPayload,
  idempotencyKey: string,
  ctx: { mailer: Mailer; siteUrl: string },
  now: Date,
): Promise<"sent" | "already_sent" | "nothing_to_send"> {
  const pending = and(eq(familyInvitations.id, payload.invitation_id), isNull(familyInvitations.acceptedAt), isNull(familyInvitations.revokedAt), gt(familyInvitations.expiresAt, now));
  const [invitation] = await db.select().from(familyInvitations).where(pending).limit(1);
  if (!invitation) return "nothing_to_send";
  const [inviter] = invitation.invitedByClientId
    ? await db.select({ firstname: clients.firstname }).from(clients).where(eq(clients.id, invitation.invitedByClientId)).limit(1)
    : [];
  const targetType = invitation.targetType as FamilyTargetType;
  const defunctFirstname = await defunctFirstnameOf(db, { type: targetType, id: invitation.targetId });
  const delivery = await sendEmailOnce(db, ctx.mailer, idempotencyKey, async () => {
    const token = randomSecret();
    await db.update(familyInvitations).set({ tokenHash: sha256(token), updatedAt: now }).where(pending);
    return invitationEmail({
      to: invitation.email,
      locale: payload.locale,
      inviterFirstname: inviter?.firstname ?? null,
      defunctFirstname,
      targetType,
      role: invitation.role as InvitableRole,
      acceptUrl: invitationUrl(ctx.siteUrl, payload.locale, token),
      validityDays: INVITATION_VALIDITY_DAYS,
    });
  });
  return delivery.status;
}
