import { and, asc, eq } from "drizzle-orm";
import { FAMILY_ACTIONS, type FamilyAction } from "@/domain/family-roles";
import type { DealAbilityRole } from "@/domain/roles";
import type { FamilyTargetType } from "@/domain/schemas/family";
import type { Db } from "@/server/db/client";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts } from "@/server/db/schema/procedures";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { dealHold, dealHoldAllows } from "@/server/services/deals/deal-access";
import { holdAllows, procedureHold } from "@/server/services/procedures/procedure-access";

/**
 * A deal or an administrative procedure seen from its family roles: one shape for both, so
 * members, invitations and acceptance are written once. Who may open the target is the
 * deal's or the procedure's own access check (deal-access.ts, procedure-access.ts).
 */
export interface FamilyTarget {
  type: FamilyTargetType;
  id: number;
}

export type FamilyHold = { kind: "family"; clientId: number; role: DealAbilityRole } | { kind: "business"; businessUserId: number };

export interface AbilityRow {
  id: number;
  clientId: number;
  role: DealAbilityRole;
  link: string | null;
  createdAt: Date;
}

/** The caller's hold on the target, with what it allows; null when the target does not exist for them. */
export async function familyHold(db: Db, auth: AuthSession | null, target: FamilyTarget): Promise<{ hold: FamilyHold; allows: (action: FamilyAction) => boolean } | null> {
  if (target.type === "deal") {
    const hold = await dealHold(db, auth, target.id);
    if (!hold) return null;
    return { hold: hold.kind === "family" ? { kind: "family", clientId: hold.clientId, role: hold.role } : { kind: "business", businessUserId: hold.businessUserId }, allows: (action) => dealHoldAllows(hold, action) };
  }
  const hold = await procedureHold(db, auth, target.id);
  if (!hold) return null;
  return { hold: hold.kind === "family" ? { kind: "family", clientId: hold.clientId, role: hold.role } : { kind: "business", businessUserId: hold.businessUserId }, allows: (action) => holdAllows(hold, action) };
}

/** The caller's hold when it allows the action: 404 without one (no existence leak), 403 when the role does not allow it. */
export async function requireFamilyTarget(db: Db, auth: AuthSession | null, target: FamilyTarget, action: FamilyAction) {
  const found = await familyHold(db, auth, target);
  if (!found) throw notFoundError();
  if (!found.allows(action)) throw new ApiError(403, "forbidden");
  return { ...found, actions: FAMILY_ACTIONS.filter((a) => found.allows(a)) };
}

/** Every ability on the target, oldest first (the owner came first). */
export async function abilitiesOf(db: Db, target: FamilyTarget): Promise<AbilityRow[]> {
  if (target.type === "deal") {
    return db
      .select({ id: dealAbilities.id, clientId: dealAbilities.clientId, role: dealAbilities.role, link: dealAbilities.link, createdAt: dealAbilities.createdAt })
      .from(dealAbilities)
      .where(eq(dealAbilities.dealId, target.id))
      .orderBy(asc(dealAbilities.id));
  }
  return db
    .select({ id: procedureAbilities.id, clientId: procedureAbilities.clientId, role: procedureAbilities.role, link: procedureAbilities.link, createdAt: procedureAbilities.createdAt })
    .from(procedureAbilities)
    .where(eq(procedureAbilities.administrativeProcedureId, target.id))
    .orderBy(asc(procedureAbilities.id));
}

export async function abilityOf(db: Db, target: FamilyTarget, abilityId: number): Promise<AbilityRow | null> {
  const rows = await abilitiesOf(db, target);
  return rows.find((row) => row.id === abilityId) ?? null;
}

export async function abilityOfClient(db: Db, target: FamilyTarget, clientId: number): Promise<AbilityRow | null> {
  const rows = await abilitiesOf(db, target);
  return rows.find((row) => row.clientId === clientId) ?? null;
}

/** A new ability (inside the caller's transaction); answers its id. */
export async function insertAbility(tx: Db, target: FamilyTarget, values: { clientId: number; role: DealAbilityRole; link: string | null }): Promise<number> {
  if (target.type === "deal") {
    const [row] = await tx.insert(dealAbilities).values({ dealId: target.id, ...values }).returning({ id: dealAbilities.id });
    return row!.id;
  }
  const [row] = await tx.insert(procedureAbilities).values({ administrativeProcedureId: target.id, ...values }).returning({ id: procedureAbilities.id });
  return row!.id;
}

export async function updateAbility(db: Db, target: FamilyTarget, abilityId: number, values: { role?: DealAbilityRole; link?: string | null }): Promise<void> {
  if (target.type === "deal") {
    await db.update(dealAbilities).set(values).where(and(eq(dealAbilities.id, abilityId), eq(dealAbilities.dealId, target.id)));
    return;
  }
  await db
    .update(procedureAbilities)
    .set(values)
    .where(and(eq(procedureAbilities.id, abilityId), eq(procedureAbilities.administrativeProcedureId, target.id)));
}

export async function deleteAbility(db: Db, target: FamilyTarget, abilityId: number): Promise<void> {
  if (target.type === "deal") {
    await db.delete(dealAbilities).where(and(eq(dealAbilities.id, abilityId), eq(dealAbilities.dealId, target.id)));
    return;
  }
  await db.delete(procedureAbilities).where(and(eq(procedureAbilities.id, abilityId), eq(procedureAbilities.administrativeProcedureId, target.id)));
}

/** The deceased's first name (what an invitation may show before sign-in), or null. */
export async function defunctFirstnameOf(db: Db, target: FamilyTarget): Promise<string | null> {
  if (target.type === "deal") {
    const [row] = await db.select({ firstname: defuncts.firstname }).from(deals).innerJoin(defuncts, eq(defuncts.id, deals.defunctId)).where(eq(deals.id, target.id)).limit(1);
    return row?.firstname ?? null;
  }
  const [row] = await db
    .select({ firstname: defuncts.firstname })
    .from(administrativeProcedures)
    .innerJoin(defuncts, eq(defuncts.id, administrativeProcedures.defunctId))
    .where(eq(administrativeProcedures.id, target.id))
    .limit(1);
  return row?.firstname ?? null;
}

/** Whether the target still exists (an invitation to a deleted procedure opens nothing). */
export async function targetExists(db: Db, target: FamilyTarget): Promise<boolean> {
  if (target.type === "deal") {
    const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, target.id)).limit(1);
    return row !== undefined;
  }
  const [row] = await db.select({ id: administrativeProcedures.id }).from(administrativeProcedures).where(eq(administrativeProcedures.id, target.id)).limit(1);
  return row !== undefined;
}
