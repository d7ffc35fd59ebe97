import { z } from "zod";
import { CHECKLIST_RULE_IDS, CHECKLIST_STATUSES, procedureSituationSchema } from "@/domain/after-death-deadlines";
import { FAMILY_ACTIONS } from "@/domain/family-roles";
import { DEAL_ABILITY_ROLES } from "@/domain/roles";
import { FORMALITY_KINDS, FORMALITY_STATES, formalityFieldSchema } from "@/domain/schemas/administrative-procedure";

/**
 * What the procedures API answers, field by field (the OpenAPI document and the client
 * space read the same schemas). Timestamps are seconds (SPEC §3), dates YYYY-MM-DD.
 */

export const procedureDefunctSchema = z
  .object({
    id: z.number().int(),
    civility: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    birth_name: z.string().nullable(),
    birth_date: z.string().nullable(),
    death_date: z.string().nullable(),
    birth_location: z.string().nullable(),
    birth_postal_code: z.string().nullable(),
    birth_insee_code: z.string().nullable(),
    birth_country_code: z.string().nullable(),
  })
  .meta({ id: "ProcedureDefunct" });

/** The notary's view of the deceased: the name only (SPEC §6 family roles: documents and the formality list). */
export const procedureDefunctNameSchema = z
  .object({ id: z.number().int(), firstname: z.string().nullable(), lastname: z.string().nullable() })
  .meta({ id: "ProcedureDefunctName" });

export const checklistTimingSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("date"),
      due: z.string(),
      delay: z.object({ amount: z.number().int(), unit: z.enum(["hours", "calendar_days", "months", "years"]) }),
    }),
    z.object({ kind: z.literal("asap") }),
    z.object({ kind: z.literal("next_tax_return"), year: z.number().int().nullable() }),
    z.object({ kind: z.literal("unknown_death_date") }),
  ])
  .meta({ id: "ChecklistTiming" });

export const checklistItemSchema = z
  .object({
    id: z.enum(CHECKLIST_RULE_IDS).meta({ description: "Rule id; its title and explanation are messages Procedures.rules.<id>" }),
    timing: checklistTimingSchema,
    status: z.enum(CHECKLIST_STATUSES),
    formality_ids: z.array(z.number().int()),
    legal_reference: z.string(),
    source_url: z.string(),
    checked_on: z.string(),
  })
  .meta({ id: "ChecklistItem" });

export const formalityCompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    form_url: z.string().nullable(),
    website: z.string().nullable(),
  })
  .meta({ id: "FormalityCompany" });

export const ongoingFormalitySchema = z
  .object({
    id: z.number().int(),
    administrative_procedure_id: z.number().int(),
    state: z.enum(FORMALITY_STATES),
    fields: z.record(z.string(), z.string().nullable()),
    missing_fields: z.array(z.string()).meta({ description: "Required fields still empty: the letter cannot be sent before they are filled" }),
    company: formalityCompanySchema,
    formality: z.object({
      id: z.number().int(),
      name: z.string(),
      kind: z.enum(FORMALITY_KINDS),
      requires_letter: z.boolean(),
      fields: z.array(formalityFieldSchema),
      document_types: z.array(z.string()),
    }),
    documents_count: z.number().int(),
    letter_generated_at: z.number().int().nullable(),
    sent_at: z.number().int().nullable(),
    sent_to: z.string().nullable(),
    answered_at: z.number().int().nullable(),
    closed_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "OngoingFormality" });
export type OngoingFormalityView = z.infer<typeof ongoingFormalitySchema>;

export const deathCitySchema = z.object({ id: z.number().int(), name: z.string(), insee_code: z.string() }).meta({ id: "DeathCity" });

export const procedureSummarySchema = z
  .object({
    id: z.number().int(),
    role: z.enum(DEAL_ABILITY_ROLES),
    defunct: procedureDefunctNameSchema.extend({ death_date: z.string().nullable() }),
    defunct_family_link: z.string().nullable(),
    formalities_count: z.number().int(),
    /** The dated checklist item to do next (the dashboard's "due next"); null for the notary or when none is left. */
    next_due: z.object({ id: z.enum(CHECKLIST_RULE_IDS), due: z.string(), status: z.enum(CHECKLIST_STATUSES) }).nullable(),
    archived_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "AdministrativeProcedureSummary" });

export const procedureDetailSchema = z
  .object({
    id: z.number().int(),
    /** The caller's family role; business users who run the case read it as "editor". */
    role: z.enum(DEAL_ABILITY_ROLES),
    actions: z.array(z.enum(FAMILY_ACTIONS)).meta({ description: "What the caller may do (src/domain/family-roles.ts)" }),
    /** false for the notary: the deceased's name only, no situation nor checklist. */
    full_view: z.boolean(),
    defunct: z.union([procedureDefunctSchema, procedureDefunctNameSchema]),
    defunct_family_link: z.string().nullable(),
    defunct_death_city: deathCitySchema.nullable(),
    situation: procedureSituationSchema.nullable(),
    checklist: z.array(checklistItemSchema),
    formalities: z.array(ongoingFormalitySchema),
    archived_at: z.number().int().nullable(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: "AdministrativeProcedure" });
export type ProcedureDetailView = z.infer<typeof procedureDetailSchema>;

/** POST /api/v1/ongoing_formalities/{id}/send */
export const formalitySendSchema = z
  .object({
    /** true: the family did it themselves (online form, phone, their own letter); only for a formality that needs no letter. */
    without_letter: z.boolean({ error: "without_letter__invalid" }).optional(),
    /** Who receives the letter: the company (its e-mail, the family in copy) or the family themself. Default: the company when it has an e-mail. */
    recipient: z.enum(["company", "family"], { error: "recipient__invalid" }).optional(),
  })
  .meta({ id: "OngoingFormalitySend" });
export type FormalitySendInput = z.infer<typeof formalitySendSchema>;
