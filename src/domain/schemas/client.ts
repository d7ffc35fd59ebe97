import { z } from "zod";
import { idSchema, pagingQuerySchema } from "@/domain/schemas/common";
import { defunctShape } from "@/domain/schemas/administrative-procedure";
import { CIVILITIES } from "@/domain/schemas/funeral-quote";
import { storableText } from "@/domain/text";

/**
 * The client (a family member) of SPEC §3 "Client", as GET/POST /api/v1/clients and
 * GET/PUT /api/v1/clients/{id} read and write it, the companies a client acts for
 * (PUT /clients/{id}/companies) and the deceased a client declares (POST /clients/{id}/deceased).
 * Field codes are `client__<field>__<problem>`.
 */

function text(field: string, max = 100) {
  return storableText(
    z
      .string({ error: `client__${field}__invalid` })
      .trim()
      .max(max, { error: `client__${field}__too_long` }),
    `client__${field}__invalid_characters`,
  )
    .nullable()
    .optional();
}

const countryCode = (field: string) =>
  z
    .string({ error: `client__${field}__invalid` })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, { error: `client__${field}__invalid` })
    .nullable()
    .optional();

const inseeCode = (field: string) =>
  z
    .string({ error: `client__${field}__invalid` })
    .trim()
    .regex(/^(\d{5}|2[AB]\d{3})$/, { error: `client__${field}__invalid` })
    .nullable()
    .optional();

const phone = (field: string) =>
  storableText(
    z
      .string({ error: `client__${field}__invalid` })
      .trim()
      .max(40, { error: `client__${field}__invalid` })
      .refine((v) => v === "" || /^(\+|00)?[0-9 .\-()]{6,30}$/.test(v), { error: `client__${field}__invalid` }),
    `client__${field}__invalid_characters`,
  )
    .nullable()
    .optional();

/** Every field of SPEC §3 "Client"; each optional, null clears it. */
export const clientShape = {
  civility: z.enum(CIVILITIES, { error: "client__civility__invalid" }).nullable().optional(),
  firstname: text("firstname"),
  lastname: text("lastname"),
  birth_name: text("birth_name"),
  birth_date: z.iso.date({ error: "client__birth_date__invalid" }).nullable().optional(),
  birth_location: text("birth_location"),
  birth_postal_code: text("birth_postal_code", 12),
  birth_insee_code: inseeCode("birth_insee_code"),
  work: text("work"),
  phone: phone("phone"),
  phone_2: phone("phone_2"),
  phone_3: phone("phone_3"),
  email: z
    .string({ error: "client__email__invalid" })
    .trim()
    .toLowerCase()
    .max(254, { error: "client__email__invalid" })
    .pipe(z.email({ error: "client__email__invalid" }))
    .nullable()
    .optional(),
  address: text("address", 200),
  address_l2: text("address_l2", 200),
  postal_code: text("postal_code", 12),
  insee_code: inseeCode("insee_code"),
  city: text("city"),
  nationality: countryCode("nationality"),
  country_code: countryCode("country_code"),
  birth_country_code: countryCode("birth_country_code"),
};

/** POST /api/v1/clients (an advisor creates a family's client) and PUT /api/v1/clients/{id}. */
export const clientInputSchema = z.object(clientShape).strict().meta({ id: "ClientInput" });
export type ClientInput = z.infer<typeof clientInputSchema>;

export const clientSchema = z
  .object({
    id: z.number().int(),
    civility: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    birth_name: z.string().nullable(),
    birth_date: z.string().nullable(),
    birth_location: z.string().nullable(),
    birth_postal_code: z.string().nullable(),
    birth_insee_code: z.string().nullable(),
    work: z.string().nullable(),
    phone: z.string().nullable(),
    phone_2: z.string().nullable(),
    phone_3: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    address_l2: z.string().nullable(),
    postal_code: z.string().nullable(),
    insee_code: z.string().nullable(),
    city: z.string().nullable(),
    nationality: z.string().nullable(),
    country_code: z.string().nullable(),
    birth_country_code: z.string().nullable(),
    opt_out: z.boolean(),
    companies: z.array(z.object({ id: z.number().int(), name: z.string() })).meta({ description: "Companies the client acts for" }),
    created_at: z.number().int(),
  })
  .meta({ id: "Client" });
export type ClientView = z.infer<typeof clientSchema>;

export const CLIENTS_DEFAULT_PER_PAGE = 25;
export const clientListQuerySchema = pagingQuerySchema(CLIENTS_DEFAULT_PER_PAGE).extend({
  q: z.string().trim().max(100, { error: "q__too_long" }).optional().meta({ description: "Part of a name or an e-mail (advisors)" }),
});

/**
 * PUT /api/v1/clients/{id}/companies: the companies the client acts for (e.g. the notary's
 * office or the firm a relative works for), replacing the list. The `company-id` header of
 * SPEC §7 must then name one of them.
 */
export const clientCompaniesSchema = z
  .object({ company_ids: z.array(idSchema, { error: "company_ids__invalid" }).max(20, { error: "company_ids__too_long" }) })
  .meta({ id: "ClientCompaniesInput" });

/** Where a death declared through the client space stands (SPEC §4 "Death declaration: updated with state and comment"). */
export const DEATH_DECLARATION_STATES = ["received", "in_review", "confirmed", "rejected"] as const;
export type DeathDeclarationState = (typeof DEATH_DECLARATION_STATES)[number];

/**
 * POST /api/v1/clients/{id}/deceased: declares a deceased (no `id`) or updates one the client
 * declared (`id`). SPEC §5: an update needs a non-null defunct id, and the client must have a
 * first and last name ("client is incomplete").
 */
export const deceasedInputSchema = z
  .object({ id: idSchema.nullable().optional(), ...defunctShape })
  .meta({ id: "DeceasedInput" });
export type DeceasedInput = z.infer<typeof deceasedInputSchema>;

/** PUT /api/v1/clients/{id}/deceased/death_declarations/{declaration_id}: an advisor's review (SPEC §4). */
export const deathDeclarationReviewSchema = z
  .object({
    state: z.enum(DEATH_DECLARATION_STATES, { error: "death_declaration__state__invalid" }),
    comment: storableText(
      z
        .string({ error: "death_declaration__comment__invalid" })
        .trim()
        .max(1000, { error: "death_declaration__comment__too_long" }),
      "death_declaration__comment__invalid_characters",
    )
      .nullable()
      .optional(),
  })
  .meta({ id: "DeathDeclarationReview" });
export type DeathDeclarationReview = z.infer<typeof deathDeclarationReviewSchema>;

export const deathDeclarationSchema = z
  .object({
    id: z.number().int(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    civility: z.string().nullable(),
    birth_name: z.string().nullable(),
    birth_date: z.string().nullable(),
    death_date: z.string().nullable(),
    birth_location: z.string().nullable(),
    birth_postal_code: z.string().nullable(),
    birth_insee_code: z.string().nullable(),
    birth_country_code: z.string().nullable(),
    state: z.enum(DEATH_DECLARATION_STATES),
    comment: z.string().nullable(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: "DeathDeclaration" });
export type DeathDeclarationView = z.infer<typeof deathDeclarationSchema>;

/** The company-id request header (SPEC §7), as src/api-client/client.ts sends it. */
export const COMPANY_ID_HEADER = "company-id";
