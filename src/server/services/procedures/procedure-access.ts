import { and, eq } from "drizzle-orm";
import { roleAllows, type FamilyAction } from "@/domain/family-roles";
import { ROLES, type DealAbilityRole, type Role } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures } from "@/server/db/schema/procedures";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";

/**
 * Who may open an administrative procedure, for every use case that touches one (the
 * procedure, its formalities, its documents, its members).
 *
 * - A client reaches it only through an ability (owner, editor, reader, notary). Without
 *   one the procedure does not exist for them: 404, so an id reveals nothing.
 * - With an ability whose role does not allow the action: 403 (they know it exists).
 * - Business users who run cases (admin, funeral director, advisor) read and act on every
 *   procedure; analytics guests and partner pros never see a family's paperwork.
 */
export type ProcedureHold =
  | { kind: "family"; procedureId: number; clientId: number; role: DealAbilityRole }
  | { kind: "business"; procedureId: number; businessUserId: number; role: Role };

const CASE_ROLES: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];

/** The caller's role on the procedure, or null when they hold none (or it does not exist). */
export async function procedureHold(db: Db, auth: AuthSession | null, procedureId: number): Promise<ProcedureHold | null> {
  if (!auth || !Number.isSafeInteger(procedureId) || procedureId <= 0) return null;
  if (auth.realm === "client") {
    const [row] = await db
      .select({ role: procedureAbilities.role })
      .from(procedureAbilities)
      .where(and(eq(procedureAbilities.administrativeProcedureId, procedureId), eq(procedureAbilities.clientId, auth.userId)))
      .limit(1);
    return row ? { kind: "family", procedureId, clientId: auth.userId, role: row.role } : null;
  }
  if (auth.role === null || !CASE_ROLES.includes(auth.role)) return null;
  const [row] = await db.select({ id: administrativeProcedures.id }).from(administrativeProcedures).where(eq(administrativeProcedures.id, procedureId)).limit(1);
  return row ? { kind: "business", procedureId, businessUserId: auth.userId, role: auth.role } : null;
}

export function holdAllows(hold: ProcedureHold, action: FamilyAction): boolean {
  // Advisors run the case for the family; only the family manages who is in it.
  if (hold.kind === "business") return action !== "members:manage";
  return roleAllows(hold.role, action);
}

/** The caller's hold when it allows the action; otherwise 404 (no hold) or 403 (a role that does not allow it). */
export async function requireProcedure(db: Db, auth: AuthSession | null, procedureId: number, action: FamilyAction): Promise<ProcedureHold> {
  const hold = await procedureHold(db, auth, procedureId);
  if (!hold) throw notFoundError();
  if (!holdAllows(hold, action)) throw new ApiError(403, "forbidden");
  return hold;
}
