import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { companiesFormalities, ongoingFormalities } from "@/server/db/schema/procedures";
import { ApiError, errorCodesOf } from "@/server/http/errors";
import type { ProcedureHold } from "@/server/services/procedures/procedure-access";
import { assertProcedureOpen } from "@/server/services/procedures/update-procedure";

export const FORMALITY_TAKEN = "formality__companies_formality_id__taken";
export const FORMALITY_UNKNOWN = "formality__companies_formality_id__invalid";

/**
 * POST /api/v1/administrative_procedures/{id}/ongoing_formalities: adds a company's formality
 * to the procedure's list, state to_do. The same formality twice is refused (the unique index
 * settles two concurrent requests the same way).
 */
export async function addFormality(db: Db, hold: ProcedureHold, companiesFormalityId: number): Promise<number> {
  await assertProcedureOpen(db, hold.procedureId);
  const [formality] = await db.select({ id: companiesFormalities.id }).from(companiesFormalities).where(eq(companiesFormalities.id, companiesFormalityId)).limit(1);
  if (!formality) throw new ApiError(422, FORMALITY_UNKNOWN);
  const [existing] = await db
    .select({ id: ongoingFormalities.id })
    .from(ongoingFormalities)
    .where(and(eq(ongoingFormalities.administrativeProcedureId, hold.procedureId), eq(ongoingFormalities.companiesFormalityId, companiesFormalityId)))
    .limit(1);
  if (existing) throw new ApiError(422, FORMALITY_TAKEN);
  try {
    const [row] = await db.insert(ongoingFormalities).values({ administrativeProcedureId: hold.procedureId, companiesFormalityId }).returning({ id: ongoingFormalities.id });
    return row!.id;
  } catch (error) {
    if (errorCodesOf(error).includes("23505")) throw new ApiError(422, FORMALITY_TAKEN);
    throw error;
  }
}
