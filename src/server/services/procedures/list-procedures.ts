import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { procedureSummarySchema } from "@/domain/schemas/administrative-procedure-view";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts, ongoingFormalities } from "@/server/db/schema/procedures";

/** GET /api/v1/client/administrative_procedures: every procedure the client holds a role on, newest first, with that role. */
export async function listClientProcedures(db: Db, clientId: number): Promise<z.infer<typeof procedureSummarySchema>[]> {
  const rows = await db
    .select({
      id: administrativeProcedures.id,
      role: procedureAbilities.role,
      link: administrativeProcedures.defunctFamilyLink,
      archivedAt: administrativeProcedures.archivedAt,
      createdAt: administrativeProcedures.createdAt,
      defunct: { id: defuncts.id, firstname: defuncts.firstname, lastname: defuncts.lastname, death_date: defuncts.deathDate },
    })
    .from(procedureAbilities)
    .innerJoin(administrativeProcedures, eq(administrativeProcedures.id, procedureAbilities.administrativeProcedureId))
    .innerJoin(defuncts, eq(defuncts.id, administrativeProcedures.defunctId))
    .where(and(eq(procedureAbilities.clientId, clientId)))
    .orderBy(desc(administrativeProcedures.createdAt), desc(administrativeProcedures.id));
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ id: ongoingFormalities.administrativeProcedureId, count: sql<number>`count(*)::int` })
        .from(ongoingFormalities)
        .where(inArray(ongoingFormalities.administrativeProcedureId, ids))
        .groupBy(ongoingFormalities.administrativeProcedureId)
    : [];
  const countOf = new Map(counts.map((c) => [c.id, Number(c.count)]));
  return rows.map((r) => {
    // The notary reads names and formalities, not the family's link to the deceased.
    const full = r.role !== "notary";
    return {
      id: r.id,
      role: r.role,
      defunct: r.defunct,
      defunct_family_link: full ? r.link : null,
      formalities_count: countOf.get(r.id) ?? 0,
      archived_at: r.archivedAt ? epochSeconds(r.archivedAt) : null,
      created_at: epochSeconds(r.createdAt),
    };
  });
}
