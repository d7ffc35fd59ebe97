import type { FamilyAction } from "@/domain/family-roles";
import type { Db } from "@/server/db/client";
import { notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireProcedure, type ProcedureHold } from "@/server/services/procedures/procedure-access";
import { procedureOfFormality } from "@/server/services/procedures/procedure-views";

/** A formality is reached through its procedure: same 404 for an unknown one and one the caller does not hold. */
export async function requireFormality(db: Db, auth: AuthSession | null, formalityId: number, action: FamilyAction): Promise<ProcedureHold> {
  const procedureId = await procedureOfFormality(db, formalityId);
  if (procedureId === null) throw notFoundError();
  return requireProcedure(db, auth, procedureId, action);
}
