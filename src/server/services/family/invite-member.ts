import { and, eq, isNull } from "drizzle-orm";
import { INVITATION_VALIDITY_DAYS } from "@/domain/family-roles";
import type { Locale } from "@/domain/locales";
import type { InvitationCreateInput, PendingInvitation } from "@/domain/schemas/family";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { familyInvitations } from "@/server/db/schema/family";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import { enqueue, notifyEnqueued } from "@/server/jobs/queue";
import type { AuthSession } from "@/server/services/auth-tokens";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import { abilityOfClient, requireFamilyTarget, type FamilyTarget } from "@/server/services/family/family-target";
import { limitInvitationSend } from "@/server/services/family/family-limits";
import { FAMILY_INVITATION_EMAIL_JOB, type InvitationEmailPayload } from "@/server/services/family/invitation-email-job";

const DAY_MS = 24 * 3600 * 1000;

/**
 * The owner (or, on a deal, an advisor) invites a relative or the notary by e-mail (POST …/{id}/abilities). The
 * invitation and its e-mail job commit together; the link's token is made when the mail
 * is written (no secret waits in the queue). Inviting an address already invited replaces
 * the pending invitation: the older link stops working.
 */
export async function inviteMember(
  db: Db,
  auth: AuthSession | null,
  target: FamilyTarget,
  input: InvitationCreateInput,
  ctx: { locale: Locale; now: Date },
): Promise<PendingInvitation> {
  const { hold } = await requireFamilyTarget(db, auth, target, "members:manage");
  const email = input.email;
  const [existing] = await db.select({ id: clients.id }).from(clients).where(eq(clients.email, email)).limit(1);
  if (existing && (await abilityOfClient(db, target, existing.id))) throw new ApiError(422, "invitation__email__already_member");
  await limitInvitationSend(db, { inviter: hold.kind === "family" ? `client:${hold.clientId}` : `business_user:${hold.businessUserId}`, email, now: ctx.now });

  const expiresAt = new Date(ctx.now.getTime() + INVITATION_VALIDITY_DAYS * DAY_MS);
  const created = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .update(familyInvitations)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(familyInvitations.targetType, target.type),
          eq(familyInvitations.targetId, target.id),
          eq(familyInvitations.email, email),
          isNull(familyInvitations.acceptedAt),
          isNull(familyInvitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(familyInvitations)
      .values({
        targetType: target.type,
        targetId: target.id,
        email,
        role: input.role,
        link: input.link ?? null,
        // A hash of a secret nobody holds: the link exists only once the e-mail job writes it.
        tokenHash: sha256(randomSecret()),
        // An advisor's invitation names no relative: the e-mail then says "someone" invites.
        invitedByClientId: hold.kind === "family" ? hold.clientId : null,
        expiresAt,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const payload: InvitationEmailPayload = { invitation_id: row!.id, locale: ctx.locale };
    await enqueue(tx, { kind: FAMILY_INVITATION_EMAIL_JOB, payload, idempotencyKey: `${FAMILY_INVITATION_EMAIL_JOB}:${row!.id}` }, ctx.now);
    return row!;
  });
  notifyEnqueued();
  return {
    id: created.id,
    email: created.email,
    role: created.role,
    link: created.link,
    expires_at: epochSeconds(created.expiresAt),
    created_at: epochSeconds(created.createdAt),
  };
}
