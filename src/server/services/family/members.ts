import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { abilityChangeRefusal, type AbilityChangeRefusal } from "@/domain/roles";
import type { AbilityUpdateInput, FamilyMembers } from "@/domain/schemas/family";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { familyInvitations } from "@/server/db/schema/family";
import { clients } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { abilitiesOf, abilityOf, deleteAbility, requireFamilyTarget, updateAbility, familyHold, type FamilyTarget } from "@/server/services/family/family-target";

/**
 * The members of a deal or a procedure (GET, PUT, DELETE …/{id}/abilities[/{ability_id}]).
 * Owner, editors and readers see who is in the file (the notary, who only sees documents
 * and formalities, does not); addresses are shown to the owner, who invited them, to
 * advisors and to each member for their own.
 */

export async function listMembers(db: Db, auth: AuthSession | null, target: FamilyTarget, now: Date): Promise<FamilyMembers> {
  const { hold, actions } = await requireFamilyTarget(db, auth, target, "procedure:read");
  const abilities = await abilitiesOf(db, target);
  const people = abilities.length === 0 ? [] : await db.select({ id: clients.id, firstname: clients.firstname, lastname: clients.lastname, email: clients.email }).from(clients).where(inArray(clients.id, abilities.map((a) => a.clientId)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const manages = actions.includes("members:manage") || hold.kind === "business";
  const selfId = hold.kind === "family" ? hold.clientId : null;
  const invitations = manages
    ? await db
        .select()
        .from(familyInvitations)
        .where(
          and(
            eq(familyInvitations.targetType, target.type),
            eq(familyInvitations.targetId, target.id),
            isNull(familyInvitations.acceptedAt),
            isNull(familyInvitations.revokedAt),
            gt(familyInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(familyInvitations.id))
    : [];
  return {
    data: abilities.map((ability) => {
      const person = byId.get(ability.clientId);
      const self = ability.clientId === selfId;
      return {
        id: ability.id,
        client_id: ability.clientId,
        firstname: person?.firstname ?? null,
        lastname: person?.lastname ?? null,
        email: manages || self ? (person?.email ?? null) : null,
        role: ability.role,
        link: ability.link,
        self,
        created_at: epochSeconds(ability.createdAt),
      };
    }),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      link: invitation.link,
      expires_at: epochSeconds(invitation.expiresAt),
      created_at: epochSeconds(invitation.createdAt),
    })),
    meta: { role: hold.kind === "family" ? hold.role : null, actions },
  };
}

const REFUSAL_CODES: Record<AbilityChangeRefusal, string> = {
  owner_link_only: "ability__role__owner_link_only",
  field_not_editable: "ability__field__not_editable",
  invalid_role: "ability__role__invalid",
  invalid_link: "ability__link__invalid",
};

/**
 * Changes a member's role or link (SPEC §4: an owner ability changes only its link; others
 * role and link). The owner manages everyone; a member may correct their own link.
 */
export async function changeMember(db: Db, auth: AuthSession | null, target: FamilyTarget, abilityId: number, patch: AbilityUpdateInput) {
  const found = await familyHold(db, auth, target);
  if (!found) throw notFoundError();
  const ability = await abilityOf(db, target, abilityId);
  if (!ability) throw notFoundError();
  const self = found.hold.kind === "family" && found.hold.clientId === ability.clientId;
  const changesRole = patch.role !== undefined && patch.role !== ability.role;
  if (!found.allows("members:manage") && !(self && !changesRole)) throw new ApiError(403, "forbidden");
  const refusal = abilityChangeRefusal({ client_id: ability.clientId, role: ability.role, link: ability.link }, patch);
  if (refusal) throw new ApiError(422, REFUSAL_CODES[refusal]);
  // One owner per file: the role is given only by creating the file.
  if (changesRole && patch.role === "owner") throw new ApiError(422, "ability__role__owner_unique");
  const values: { role?: typeof ability.role; link?: string | null } = {};
  if (patch.role !== undefined) values.role = patch.role;
  if (patch.link !== undefined) values.link = patch.link;
  if (Object.keys(values).length > 0) await updateAbility(db, target, ability.id, values);
  const updated = (await abilityOf(db, target, ability.id))!;
  return { id: updated.id, client_id: updated.clientId, role: updated.role, link: updated.link };
}

/** Removes a member: the owner removes anyone but themself; a member may leave. */
export async function removeMember(db: Db, auth: AuthSession | null, target: FamilyTarget, abilityId: number): Promise<void> {
  const found = await familyHold(db, auth, target);
  if (!found) throw notFoundError();
  const ability = await abilityOf(db, target, abilityId);
  if (!ability) throw notFoundError();
  const self = found.hold.kind === "family" && found.hold.clientId === ability.clientId;
  if (!self && !found.allows("members:manage")) throw new ApiError(403, "forbidden");
  // The file always keeps its owner (the one who pays, signs and answers for it).
  if (ability.role === "owner") throw new ApiError(422, "ability__owner__not_removable");
  await deleteAbility(db, target, ability.id);
}

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(db: Db, auth: AuthSession | null, target: FamilyTarget, invitationId: number, now: Date): Promise<void> {
  await requireFamilyTarget(db, auth, target, "members:manage");
  const revoked = await db
    .update(familyInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(familyInvitations.id, invitationId),
        eq(familyInvitations.targetType, target.type),
        eq(familyInvitations.targetId, target.id),
        isNull(familyInvitations.acceptedAt),
        isNull(familyInvitations.revokedAt),
      ),
    )
    .returning({ id: familyInvitations.id });
  if (revoked.length === 0) throw notFoundError();
}
