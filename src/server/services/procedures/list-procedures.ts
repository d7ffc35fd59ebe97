import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { buildChecklist, nextDueItem } from "@/domain/after-death-deadlines";
import type { FamilyLink } from "@/domain/schemas/administrative-procedure";
import type { procedureSummarySchema } from "@/domain/schemas/administrative-procedure-view";
import { epochSeconds, todayInFrance } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts } from "@/server/db/schema/procedures";
import { loadFormalities, storedDone, storedSituation } from "@/server/services/procedures/procedure-views";

/**
 * GET /api/v1/client/administrative_procedures: every procedure the client holds a role on,
 * newest first, with that role, the number of formalities and the checklist item due next.
 */
export async function listClientProcedures(db: Db, clientId: number, now: Date = new Date()): Promise<z.infer<typeof procedureSummarySchema>[]> {
  const rows = await db
    .select({
      id: administrativeProcedures.id,
      role: procedureAbilities.role,
      link: administrativeProcedures.defunctFamilyLink,
      situation: administrativeProcedures.situation,
      checklistDone: administrativeProcedures.checklistDone,
      archivedAt: administrativeProcedures.archivedAt,
      createdAt: administrativeProcedures.createdAt,
      defunct: { id: defuncts.id, firstname: defuncts.firstname, lastname: defuncts.lastname, death_date: defuncts.deathDate },
    })
    .from(procedureAbilities)
    .innerJoin(administrativeProcedures, eq(administrativeProcedures.id, procedureAbilities.administrativeProcedureId))
    .innerJoin(defuncts, eq(defuncts.id, administrativeProcedures.defunctId))
    .where(eq(procedureAbilities.clientId, clientId))
    .orderBy(desc(administrativeProcedures.createdAt), desc(administrativeProcedures.id));
  const formalities = await loadFormalities(db, { procedureIds: rows.map((r) => r.id) });
  const today = todayInFrance(now);
  return rows.map((r) => {
    // The notary reads names and formalities, not the family's link to the deceased nor its checklist.
    const full = r.role !== "notary";
    const mine = formalities.filter((f) => f.view.administrative_procedure_id === r.id);
    const next =
      full && !r.archivedAt
        ? nextDueItem(
            buildChecklist({
              deathDate: r.defunct.death_date,
              familyLink: r.link as FamilyLink | null,
              situation: storedSituation(r.situation),
              formalities: mine.map((f) => ({ id: f.view.id, state: f.view.state, category: f.category, kind: f.view.formality.kind, slug: f.slug, name: f.view.formality.name })),
              doneItems: storedDone(r.checklistDone),
              today,
            }),
          )
        : null;
    return {
      id: r.id,
      role: r.role,
      defunct: r.defunct,
      defunct_family_link: full ? r.link : null,
      formalities_count: mine.length,
      next_due: next && next.timing.kind === "date" ? { id: next.id, due: next.timing.due, status: next.status } : null,
      archived_at: r.archivedAt ? epochSeconds(r.archivedAt) : null,
      created_at: epochSeconds(r.createdAt),
    };
  });
}
