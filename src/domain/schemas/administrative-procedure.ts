import { z } from "zod";
import { CHECKLIST_RULE_IDS, procedureSituationSchema } from "@/domain/after-death-deadlines";
import { DEAL_ABILITY_ROLES } from "@/domain/roles";
import { idSchema } from "@/domain/schemas/common";
import { CIVILITIES } from "@/domain/schemas/funeral-quote";
import { storableText } from "@/domain/text";

/**
 * The contract of the client space's paperwork (SPEC §3 "Defunct", "Administrative
 * procedure", §5, §7 "Client space", "Administrative procedures", "Ongoing formalities",
 * "Companies"). One schema per resource, read by the forms, the API and /api/docs.
 * Bodies are flat like the funnel's; the formality calls nest under `formality` as the
 * spec names them (formality.companies_formality_id, formality.fields).
 */

const TEXT_MAX = 100;

function text(resource: string, field: string, max = TEXT_MAX) {
  return storableText(
    z
      .string({ error: `${resource}__${field}__invalid` })
      .trim()
      .max(max, { error: `${resource}__${field}__too_long` }),
    `${resource}__${field}__invalid_characters`,
  );
}

const isoDate = (resource: string, field: string) => z.iso.date({ error: `${resource}__${field}__invalid` });

/** How the person filling the procedure is related to the deceased. */
export const FAMILY_LINKS = ["spouse", "partner", "child", "parent", "sibling", "grandchild", "other_family", "friend", "notary", "other"] as const;
export type FamilyLink = (typeof FAMILY_LINKS)[number];

/** The deceased's attributes (SPEC §3 "Defunct"). */
export const defunctShape = {
  civility: z.enum(CIVILITIES, { error: "defunct__civility__invalid" }).nullable().optional(),
  firstname: text("defunct", "firstname").nullable().optional(),
  lastname: text("defunct", "lastname").nullable().optional(),
  birth_name: text("defunct", "birth_name").nullable().optional(),
  birth_date: isoDate("defunct", "birth_date").nullable().optional(),
  death_date: isoDate("defunct", "death_date").nullable().optional(),
  birth_location: text("defunct", "birth_location").nullable().optional(),
  birth_postal_code: text("defunct", "birth_postal_code", 12).nullable().optional(),
  birth_insee_code: z
    .string()
    .trim()
    .regex(/^(\d{5}|2[AB]\d{3})$/, { error: "defunct__birth_insee_code__invalid" })
    .nullable()
    .optional(),
  birth_country_code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, { error: "defunct__birth_country_code__invalid" })
    .nullable()
    .optional(),
};
export const defunctSchema = z.object(defunctShape).meta({ id: "Defunct" });
export type DefunctInput = z.infer<typeof defunctSchema>;

const procedureShape = {
  ...defunctShape,
  defunct_family_link: z.enum(FAMILY_LINKS, { error: "administrative_procedure__defunct_family_link__invalid" }).nullable().optional(),
  defunct_death_city_id: idSchema.nullable().optional(),
  /** What the deceased had: chooses the checklist's items (src/domain/after-death-deadlines.ts). */
  situation: procedureSituationSchema.optional(),
};

/**
 * POST /api/v1/client/administrative_procedures. SPEC §5: birth location, birth postal code
 * and birth country are required (the civil-status offices and pension funds identify the
 * deceased by them); each missing one is its own field code.
 */
export const procedureCreateSchema = z
  .object(procedureShape)
  .superRefine((value, ctx) => {
    const required = ["birth_location", "birth_postal_code", "birth_country_code"] as const;
    for (const field of required) {
      const present = value[field];
      if (present === null || present === undefined || present === "") {
        ctx.addIssue({ code: "custom", path: [field], message: `defunct__${field}__blank` });
      }
    }
  })
  .meta({ id: "AdministrativeProcedureCreate" });
export type ProcedureCreateInput = z.infer<typeof procedureCreateSchema>;

/**
 * PUT /api/v1/administrative_procedures/{id}: any subset of the same fields, and the checklist
 * items the family ticks as done themselves (the whole list, replacing the previous one).
 */
export const procedureUpdateSchema = z
  .object({
    ...procedureShape,
    checklist_done: z
      .array(z.enum(CHECKLIST_RULE_IDS, { error: "administrative_procedure__checklist_done__invalid" }), { error: "administrative_procedure__checklist_done__invalid" })
      .max(CHECKLIST_RULE_IDS.length, { error: "administrative_procedure__checklist_done__invalid" })
      .optional(),
  })
  .meta({ id: "AdministrativeProcedureUpdate" });
export type ProcedureUpdateInput = z.infer<typeof procedureUpdateSchema>;

/** Where a formality stands for the family (the checklist shows one badge each). */
export const FORMALITY_STATES = ["to_do", "sent", "answered", "closed"] as const;
export type FormalityState = (typeof FORMALITY_STATES)[number];

/** What a company's formality does; it chooses the letter's wording. */
export const FORMALITY_KINDS = ["close", "transfer", "claim", "notify"] as const;
export type FormalityKind = (typeof FORMALITY_KINDS)[number];

/** A field a company's formality asks for (account number, contract reference...). */
export const formalityFieldSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9_]{0,40}$/),
    /** Label key in the "Companies.fields" messages namespace. */
    label: z.string(),
    type: z.enum(["text", "date", "iban", "number"]),
    required: z.boolean(),
  })
  .meta({ id: "FormalityField" });
export type FormalityField = z.infer<typeof formalityFieldSchema>;

/** POST /api/v1/administrative_procedures/{id}/ongoing_formalities */
export const ongoingFormalityCreateSchema = z
  .object({ formality: z.object({ companies_formality_id: idSchema }) })
  .meta({ id: "OngoingFormalityCreate" });

/** PUT /api/v1/ongoing_formalities/{id}: the company's fields, and/or a new state. */
export const ongoingFormalityUpdateSchema = z
  .object({
    formality: z.object({
      fields: z.record(z.string().regex(/^[a-z][a-z0-9_]{0,40}$/), text("formality", "field", 200).nullable()).optional(),
      state: z.enum(FORMALITY_STATES, { error: "formality__state__invalid" }).optional(),
    }),
  })
  .meta({ id: "OngoingFormalityUpdate" });
export type OngoingFormalityUpdateInput = z.infer<typeof ongoingFormalityUpdateSchema>;

/** Family roles as the procedure's members list shows them. */
export const procedureMemberSchema = z
  .object({
    client_id: z.number().int(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    role: z.enum(DEAL_ABILITY_ROLES),
    link: z.string().nullable(),
  })
  .meta({ id: "ProcedureMember" });
