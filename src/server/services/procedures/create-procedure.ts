import type { ProcedureCreateInput } from "@/domain/schemas/administrative-procedure";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";
import { defunctValues, procedureInputProblems } from "@/server/services/procedures/procedure-input";

/**
 * POST /api/v1/client/administrative_procedures: the deceased, the procedure and the
 * creator's owner ability, in one transaction (a procedure never exists without its owner,
 * or it would be unreachable).
 */
export async function createProcedure(db: Db, clientId: number, input: ProcedureCreateInput, now: Date = new Date()): Promise<number> {
  const problems = await procedureInputProblems(db, input, undefined, now);
  if (problems.length > 0) throw new ApiError(422, problems);
  return db.transaction(async (tx) => {
    const [defunct] = await tx
      .insert(defuncts)
      .values({ ...defunctValues(input), clientId, deathCityhallId: input.defunct_death_city_id ?? null })
      .returning({ id: defuncts.id });
    const [procedure] = await tx
      .insert(administrativeProcedures)
      .values({
        clientId,
        defunctId: defunct!.id,
        defunctFamilyLink: input.defunct_family_link ?? null,
        defunctDeathCityId: input.defunct_death_city_id ?? null,
        situation: input.situation ?? {},
      })
      .returning({ id: administrativeProcedures.id });
    await tx.insert(procedureAbilities).values({ administrativeProcedureId: procedure!.id, clientId, role: "owner", link: input.defunct_family_link ?? null });
    return procedure!.id;
  });
}
