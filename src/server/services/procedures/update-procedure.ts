import { and, eq } from "drizzle-orm";
import type { ProcedureUpdateInput } from "@/domain/schemas/administrative-procedure";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";
import type { ProcedureHold } from "@/server/services/procedures/procedure-access";
import { defunctValues, hasDefunctChange, procedureInputProblems } from "@/server/services/procedures/procedure-input";
import { storedSituation } from "@/server/services/procedures/procedure-views";
import { assertComplete, signatoryOf } from "@/server/services/procedures/signatory";

async function load(db: Db, procedureId: number) {
  const [row] = await db
    .select({ p: administrativeProcedures, d: defuncts })
    .from(administrativeProcedures)
    .innerJoin(defuncts, eq(defuncts.id, administrativeProcedures.defunctId))
    .where(eq(administrativeProcedures.id, procedureId))
    .limit(1);
  if (!row) throw new ApiError(404, "not_found");
  return row;
}

/** An archived procedure is read-only: its file is closed (everyone who held it still reads it). */
export function assertOpen(archivedAt: Date | null): void {
  if (archivedAt) throw new ApiError(422, "administrative_procedure__archived");
}

/** The procedure's changes stop once it is archived (422): every write to its formalities checks this first. */
export async function assertProcedureOpen(db: Db, procedureId: number): Promise<void> {
  const [procedure] = await db.select({ archivedAt: administrativeProcedures.archivedAt }).from(administrativeProcedures).where(eq(administrativeProcedures.id, procedureId)).limit(1);
  assertOpen(procedure?.archivedAt ?? null);
}

/**
 * PUT /api/v1/administrative_procedures/{id}: the deceased's details, the family link, the
 * death city and the situation (merged answer by answer). Changing the deceased needs a
 * signatory with a first and last name (SPEC §5, client__incomplete).
 */
export async function updateProcedure(db: Db, hold: ProcedureHold, input: ProcedureUpdateInput, now: Date = new Date()): Promise<void> {
  const { p, d } = await load(db, hold.procedureId);
  assertOpen(p.archivedAt);
  const problems = await procedureInputProblems(db, input, { birthDate: d.birthDate, deathDate: d.deathDate }, now);
  // The birth fields SPEC §5 requires at creation cannot be emptied afterwards.
  for (const field of ["birth_location", "birth_postal_code", "birth_country_code"] as const) {
    const value = input[field];
    if (value === null || (typeof value === "string" && value.trim() === "")) problems.push(`defunct__${field}__blank`);
  }
  if (problems.length > 0) throw new ApiError(422, problems);
  if (hasDefunctChange(input)) assertComplete(await signatoryOf(db, hold));
  await db.transaction(async (tx) => {
    const values = defunctValues(input);
    if (input.defunct_death_city_id !== undefined) values.deathCityhallId = input.defunct_death_city_id;
    if (Object.keys(values).length > 0) await tx.update(defuncts).set(values).where(eq(defuncts.id, d.id));
    const changes: Partial<typeof administrativeProcedures.$inferInsert> = {};
    if (input.defunct_family_link !== undefined) changes.defunctFamilyLink = input.defunct_family_link;
    if (input.defunct_death_city_id !== undefined) changes.defunctDeathCityId = input.defunct_death_city_id;
    if (input.situation !== undefined) changes.situation = { ...storedSituation(p.situation), ...input.situation };
    if (input.checklist_done !== undefined) changes.checklistDone = [...new Set(input.checklist_done)];
    changes.updatedAt = now;
    await tx.update(administrativeProcedures).set(changes).where(eq(administrativeProcedures.id, p.id));
    // The owner's ability carries the same family link (the members list shows it).
    if (input.defunct_family_link !== undefined && hold.kind === "family" && hold.role === "owner") {
      await tx
        .update(procedureAbilities)
        .set({ link: input.defunct_family_link })
        .where(and(eq(procedureAbilities.administrativeProcedureId, p.id), eq(procedureAbilities.clientId, hold.clientId)));
    }
  });
}

/** POST /api/v1/administrative_procedures/{id}/archive: the file is closed; it stays readable, nothing changes any more. Archiving twice is harmless. */
export async function archiveProcedure(db: Db, hold: ProcedureHold, now: Date = new Date()): Promise<void> {
  const { p } = await load(db, hold.procedureId);
  if (p.archivedAt) return;
  await db.update(administrativeProcedures).set({ archivedAt: now, updatedAt: now }).where(eq(administrativeProcedures.id, p.id));
}
