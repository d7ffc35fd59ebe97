import { and, eq, inArray, sql } from "drizzle-orm";
import { buildChecklist, procedureSituationSchema, type ProcedureSituation } from "@/domain/after-death-deadlines";
import { actionsOf } from "@/domain/family-roles";
import type { DealAbilityRole } from "@/domain/roles";
import {
  FORMALITY_KINDS,
  FORMALITY_STATES,
  formalityFieldSchema,
  type FamilyLink,
  type FormalityField,
  type FormalityKind,
  type FormalityState,
} from "@/domain/schemas/administrative-procedure";
import type { OngoingFormalityView, ProcedureDetailView } from "@/domain/schemas/administrative-procedure-view";
import { epochSeconds, todayInFrance } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { cityhalls } from "@/server/db/schema/geo";
import {
  administrativeProcedures,
  companies,
  companiesFormalities,
  companyCategories,
  defuncts,
  ongoingFormalities,
  supportingDocumentOwners,
} from "@/server/db/schema/procedures";
import { holdAllows, type ProcedureHold } from "@/server/services/procedures/procedure-access";

/** Reads shared by the procedure and formality use cases: one place shapes what the API answers. */

const seconds = (value: Date | null) => (value ? epochSeconds(value) : null);

/** The fields a company's formality asks for; a malformed stored entry is skipped rather than failing the page. */
export function formalityFields(raw: unknown): FormalityField[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    // An entry without a label is named by its field name (messages "Companies.fields.<name>").
    const withLabel = entry && typeof entry === "object" && !("label" in entry) ? { ...(entry as object), label: String((entry as { name?: unknown }).name) } : entry;
    const parsed = formalityFieldSchema.safeParse(withLabel);
    return parsed.success ? [parsed.data] : [];
  });
}

function asKind(value: string): FormalityKind {
  return (FORMALITY_KINDS as readonly string[]).includes(value) ? (value as FormalityKind) : "notify";
}

function asState(value: string): FormalityState {
  return (FORMALITY_STATES as readonly string[]).includes(value) ? (value as FormalityState) : "to_do";
}

function asFieldValues(raw: unknown): Record<string, string | null> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) out[key] = typeof value === "string" ? value : null;
  return out;
}

/** Required fields of the formality still empty in the family's answers. */
export function missingFields(fields: readonly FormalityField[], values: Record<string, string | null>): string[] {
  return fields.filter((f) => f.required && !(values[f.name] ?? "").trim()).map((f) => f.name);
}

/** The items the family ticked, as stored (anything else than a list of strings reads as none). */
export function storedDone(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === "string") : [];
}

export function storedSituation(raw: unknown): ProcedureSituation {
  const parsed = procedureSituationSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

export interface FormalityRow {
  view: OngoingFormalityView;
  category: string | null;
  slug: string;
}

/** The formalities of some procedures (or one formality by id), with their company, formality and document count. */
export async function loadFormalities(db: Db, where: { procedureIds?: number[]; formalityId?: number }): Promise<FormalityRow[]> {
  const condition =
    where.formalityId !== undefined ? eq(ongoingFormalities.id, where.formalityId) : inArray(ongoingFormalities.administrativeProcedureId, where.procedureIds ?? []);
  if (where.procedureIds && where.procedureIds.length === 0) return [];
  const rows = await db
    .select({
      f: ongoingFormalities,
      cf: companiesFormalities,
      company: companies,
      category: companyCategories.code,
      documents: sql<number>`(SELECT count(*)::int FROM ${supportingDocumentOwners} o WHERE o.owner_type = 'OngoingFormality' AND o.owner_id = ${ongoingFormalities.id})`,
    })
    .from(ongoingFormalities)
    .innerJoin(companiesFormalities, eq(companiesFormalities.id, ongoingFormalities.companiesFormalityId))
    .innerJoin(companies, eq(companies.id, companiesFormalities.companyId))
    .leftJoin(companyCategories, eq(companyCategories.id, companies.categoryId))
    .where(condition)
    .orderBy(ongoingFormalities.createdAt, ongoingFormalities.id);
  return rows.map(({ f, cf, company, category, documents }) => {
    const fields = formalityFields(cf.fields);
    const values = asFieldValues(f.fields);
    return {
      category: category ?? null,
      slug: company.slug,
      view: {
        id: f.id,
        administrative_procedure_id: f.administrativeProcedureId,
        state: asState(f.state),
        fields: values,
        missing_fields: missingFields(fields, values),
        company: {
          id: company.id,
          name: company.name,
          category: category ?? null,
          address: company.address,
          email: company.email,
          phone: company.phone,
          form_url: company.formUrl,
          website: company.website,
        },
        formality: {
          id: cf.id,
          name: cf.name,
          kind: asKind(cf.kind),
          requires_letter: cf.requiresLetter,
          fields,
          document_types: Array.isArray(cf.documentTypes) ? cf.documentTypes.filter((d): d is string => typeof d === "string") : [],
        },
        documents_count: Number(documents),
        letter_generated_at: seconds(f.letterGeneratedAt),
        sent_at: seconds(f.sentAt),
        sent_to: f.sentTo,
        answered_at: seconds(f.answeredAt),
        closed_at: seconds(f.closedAt),
        created_at: epochSeconds(f.createdAt),
      },
    };
  });
}

/** The caller's role as the view names it: business users who run the case act as editors. */
export function viewRole(hold: ProcedureHold): DealAbilityRole {
  return hold.kind === "family" ? hold.role : "editor";
}

/** GET /api/v1/administrative_procedures/{id}: the whole procedure, narrowed to what the caller's role reads. */
export async function procedureDetail(db: Db, hold: ProcedureHold, now: Date = new Date()): Promise<ProcedureDetailView> {
  const [row] = await db
    .select({ p: administrativeProcedures, d: defuncts, city: { id: cityhalls.id, name: cityhalls.name, insee_code: cityhalls.inseeCode } })
    .from(administrativeProcedures)
    .innerJoin(defuncts, eq(defuncts.id, administrativeProcedures.defunctId))
    .leftJoin(cityhalls, eq(cityhalls.id, administrativeProcedures.defunctDeathCityId))
    .where(eq(administrativeProcedures.id, hold.procedureId))
    .limit(1);
  if (!row) throw new Error(`procedure ${hold.procedureId} vanished`);
  const { p, d } = row;
  const formalities = await loadFormalities(db, { procedureIds: [p.id] });
  const full = holdAllows(hold, "procedure:read");
  const situation = storedSituation(p.situation);
  const role = viewRole(hold);
  const roleActions = hold.kind === "family" ? actionsOf(hold.role) : actionsOf("owner").filter((a) => a !== "members:manage");
  // An archived file is read-only: the client shows no control that would be refused.
  const actions = p.archivedAt ? roleActions.filter((a) => a !== "procedure:write" && a !== "procedure:archive" && a !== "formalities:write") : roleActions;
  return {
    id: p.id,
    role,
    actions,
    full_view: full,
    defunct: full
      ? {
          id: d.id,
          civility: d.civility,
          firstname: d.firstname,
          lastname: d.lastname,
          birth_name: d.birthName,
          birth_date: d.birthDate,
          death_date: d.deathDate,
          birth_location: d.birthLocation,
          birth_postal_code: d.birthPostalCode,
          birth_insee_code: d.birthInseeCode,
          birth_country_code: d.birthCountryCode,
        }
      : { id: d.id, firstname: d.firstname, lastname: d.lastname },
    defunct_family_link: full ? p.defunctFamilyLink : null,
    defunct_death_city: full && row.city?.id ? row.city : null,
    situation: full ? situation : null,
    checklist: full
      ? buildChecklist({
          deathDate: d.deathDate,
          familyLink: p.defunctFamilyLink as FamilyLink | null,
          situation,
          formalities: formalities.map((f) => ({ id: f.view.id, state: f.view.state, category: f.category, kind: f.view.formality.kind, slug: f.slug, name: f.view.formality.name })),
          doneItems: storedDone(p.checklistDone),
          today: todayInFrance(now),
        }).map((item) => ({
          id: item.id,
          timing: item.timing,
          status: item.status,
          formality_ids: item.formalityIds,
          legal_reference: item.legalReference,
          source_url: item.sourceUrl,
          checked_on: item.checkedOn,
        }))
      : [],
    formalities: formalities.map((f) => f.view),
    archived_at: seconds(p.archivedAt),
    created_at: epochSeconds(p.createdAt),
    updated_at: epochSeconds(p.updatedAt),
  };
}

/** The procedure a formality belongs to, or null (unknown formality). */
export async function procedureOfFormality(db: Db, formalityId: number): Promise<number | null> {
  if (!Number.isSafeInteger(formalityId) || formalityId <= 0) return null;
  const [row] = await db
    .select({ procedureId: ongoingFormalities.administrativeProcedureId })
    .from(ongoingFormalities)
    .where(and(eq(ongoingFormalities.id, formalityId)))
    .limit(1);
  return row?.procedureId ?? null;
}
