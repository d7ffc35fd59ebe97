import { z } from "zod";
import { COMPANY_CATEGORIES } from "@/domain/companies";
import { DOCUMENT_TYPE_CODES } from "@/domain/document-types";
import { FORMALITY_KINDS, formalityFieldSchema } from "@/domain/schemas/administrative-procedure";
import { pagingMetaSchema, pagingQuerySchema } from "@/domain/schemas/common";
import { storableText } from "@/domain/text";

/**
 * GET /api/v1/companies/{id}, /api/v1/companies/formalities, /api/v1/companies/categories:
 * the reference data of the organisations a family writes to after a death (SPEC §7
 * "Companies"). No personal data: every field below is about the company.
 */

export const COMPANIES_DEFAULT_PER_PAGE = 50;

export const companyCategoryCodeSchema = z
  .enum(COMPANY_CATEGORIES, { error: "company__category__invalid" })
  .meta({ description: "Category code; its name in each language is the message Companies.categories.<code>", example: "bank" });

const categoryRefSchema = z
  .object({
    code: companyCategoryCodeSchema,
    name: z.string().meta({ description: "French name of the category", example: "Banques" }),
  })
  .meta({ id: "CompanyCategoryRef" });

export const companyCategorySchema = z
  .object({
    code: companyCategoryCodeSchema,
    name: z.string().meta({ description: "French name of the category (translate with Companies.categories.<code>)", example: "Banques" }),
    position: z.number().int().meta({ description: "Order in lists, from 0" }),
    companies_count: z.number().int().meta({ description: "Companies of the category", example: 21 }),
    formalities_count: z.number().int().meta({ description: "Formalities those companies offer", example: 63 }),
  })
  .meta({ id: "CompanyCategory" });
export type CompanyCategoryView = z.infer<typeof companyCategorySchema>;

export const companyCategoriesResponseSchema = z.object({ data: z.array(companyCategorySchema) }).meta({ id: "CompanyCategories" });

export const companyContactSchema = z
  .object({
    address: z
      .string()
      .nullable()
      .meta({ description: "Postal address for letters, lines joined by newlines; null when it could not be confirmed from the company's own pages", example: null }),
    email: z.string().nullable().meta({ description: "E-mail address for this formality, when the company publishes one" }),
    phone: z.string().nullable().meta({ description: "Phone number the company publishes for bereaved families" }),
    form_url: z.string().nullable().meta({ description: "Online form or page where the family declares the death", example: "https://www.facebook.com/help/150486848354038" }),
  })
  .meta({ id: "CompanyContact" });

export const companyFormalitySchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ description: "What the family asks, in French", example: "Déclarer le décès et bloquer les comptes" }),
    kind: z.enum(FORMALITY_KINDS).meta({ description: "close, transfer, claim (a benefit) or notify; chooses the letter's wording (Companies.kinds.<kind>)" }),
    requires_letter: z.boolean().meta({ description: "The formality is done by a signed letter (sending without one is refused: sending__letter__feature__invalid)" }),
    fields: z.array(formalityFieldSchema).meta({ description: "What the family fills in; labels are message keys (Companies.fields.<name>)" }),
    document_types: z
      .array(z.enum(DOCUMENT_TYPE_CODES as unknown as [string, ...string[]]))
      .meta({ description: "Codes of the documents the company usually asks for (DocumentTypes.<code>)", example: ["death_certificate", "identity_card"] }),
  })
  .meta({ id: "CompanyFormality" });
export type CompanyFormalityView = z.infer<typeof companyFormalitySchema>;

const companyCoreShape = {
  id: z.number().int(),
  name: z.string().meta({ example: "La Banque Postale" }),
  slug: z.string().meta({ example: "la-banque-postale" }),
  category: categoryRefSchema.nullable(),
  website: z.string().nullable().meta({ description: "The company's website", example: "https://www.labanquepostale.fr" }),
  demo: z.boolean().meta({ description: "Demonstration entry, not a real company" }),
};

export const companySummarySchema = z.object(companyCoreShape).meta({ id: "CompanySummary" });
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const companyDetailSchema = z
  .object({
    ...companyCoreShape,
    contact: companyContactSchema,
    source: z.string().meta({ description: "The company's own page the entry was written from (https URL), or \"demo\"", example: "https://www.labanquepostale.fr" }),
    source_checked_on: z.iso.date().nullable().meta({ description: "When the entry was last checked against its source", example: "2026-11-24" }),
    formalities: z.array(companyFormalitySchema),
  })
  .meta({ id: "Company" });
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const companyResponseSchema = z.object({ data: companyDetailSchema }).meta({ id: "CompanyResponse" });

/** One row of GET /api/v1/companies/formalities: a formality and the company offering it. */
export const companyFormalityListItemSchema = companyFormalitySchema
  .extend({
    company: companySummarySchema.extend({ contact: companyContactSchema }),
  })
  .meta({ id: "CompanyFormalityListItem" });
export type CompanyFormalityListItem = z.infer<typeof companyFormalityListItemSchema>;

export const companyFormalitiesQuerySchema = pagingQuerySchema(COMPANIES_DEFAULT_PER_PAGE, 200).extend({
  category: companyCategoryCodeSchema.optional(),
  kind: z.enum(FORMALITY_KINDS, { error: "company__kind__invalid" }).optional().meta({ description: "Only formalities of this kind" }),
  company_id: z.coerce
    .number({ error: "company__company_id__invalid" })
    .int({ error: "company__company_id__invalid" })
    .positive({ error: "company__company_id__invalid" })
    .max(2_147_483_647, { error: "company__company_id__invalid" })
    .optional()
    .meta({ description: "Only the formalities of this company" }),
  q: storableText(z.string({ error: "company__q__invalid" }).trim().max(100, { error: "company__q__too_long" }), "company__q__invalid_characters")
    .optional()
    .meta({ description: "Words of the company's name, accents and case ignored", example: "banque postale" }),
});
export type CompanyFormalitiesQuery = z.infer<typeof companyFormalitiesQuerySchema>;

export const companyFormalitiesResponseSchema = z
  .object({ data: z.array(companyFormalityListItemSchema), meta: pagingMetaSchema })
  .meta({ id: "CompanyFormalitiesPage" });
