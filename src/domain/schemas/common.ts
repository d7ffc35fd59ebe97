import { z } from "zod";
import { LOCALES } from "@/domain/locales";

/**
 * Building blocks of the per-resource schemas. Error messages are error codes
 * (`resource__field__problem`, DESIGN "Errors") so the API answers them as they are
 * and the forms translate them through the "Errors" messages namespace.
 */

/** A positive integer id from a path or a query string. */
export const idSchema = z.coerce
  .number({ error: "id__invalid" })
  .int({ error: "id__invalid" })
  .positive({ error: "id__invalid" })
  .max(2_147_483_647, { error: "id__invalid" })
  .meta({ description: "Numeric identifier", example: 42 });

export const localeSchema = z.enum(LOCALES, { error: "locale__unsupported" }).meta({
  description: "One of the 11 languages of the product",
  example: "fr",
});

/** Paging parameters of list endpoints; `defaultPerPage` differs by resource (SPEC §9). */
export function pagingQuerySchema(defaultPerPage: number, maxPerPage = 100) {
  return z.object({
    page: z.coerce
      .number({ error: "page__invalid" })
      .int({ error: "page__invalid" })
      .min(1, { error: "page__invalid" })
      .max(100_000, { error: "page__invalid" })
      .default(1)
      .meta({ description: "Page number, from 1", example: 1 }),
    per_page: z.coerce
      .number({ error: "per_page__invalid" })
      .int({ error: "per_page__invalid" })
      .min(1, { error: "per_page__invalid" })
      .max(maxPerPage, { error: "per_page__too_big" })
      .default(defaultPerPage)
      .meta({ description: `Items per page (default ${defaultPerPage}, at most ${maxPerPage})`, example: defaultPerPage }),
  });
}

export const pagingMetaSchema = z
  .object({
    page: z.number().int(),
    per_page: z.number().int(),
    total_count: z.number().int(),
    total_pages: z.number().int(),
  })
  .meta({ id: "PagingMeta" });
export type PagingMeta = z.infer<typeof pagingMetaSchema>;

export function pagingMeta(page: number, perPage: number, totalCount: number): PagingMeta {
  return { page, per_page: perPage, total_count: totalCount, total_pages: Math.ceil(totalCount / perPage) };
}

/** Every failure but 422 (DESIGN "Errors"). */
export const errorBodySchema = z
  .object({
    error: z.string().meta({ example: "Not Found" }),
    message: z.string().meta({ example: "not_found" }),
  })
  .meta({ id: "Error" });

/** Invalid input: the list of codes, one per problem. */
export const unprocessableBodySchema = z
  .object({
    error: z.literal("Unprocessable Entity"),
    errors: z.array(z.string()).meta({ example: ["autocomplete__q__too_long"] }),
  })
  .meta({ id: "UnprocessableEntity" });

/** Money is always an integer number of euro cents. */
export const centsSchema = z.number().int().meta({ description: "Amount in euro cents", example: 129000 });

/** ISO 3166-1 alpha-2 country code, lower case as in SPEC §9. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, { error: "country_code__invalid" })
  .meta({ example: "fr" });

/** French postal code (5 digits). */
export const postalCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, { error: "postal_code__invalid" })
  .meta({ example: "69001" });

/**
 * Phone number: French format (0X XX XX XX XX, +33...) or the foreign variant
 * (international format with its country prefix).
 */
export const phoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s.\-()]/g, ""))
  .refine((v) => /^0[1-9]\d{8}$/.test(v) || /^\+33[1-9]\d{8}$/.test(v) || /^(\+|00)[1-9]\d{6,14}$/.test(v), {
    error: "phone__invalid",
  })
  .meta({ example: "06 12 34 56 78" });

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: "email__too_long" })
  .pipe(z.email({ error: "email__invalid" }))
  .meta({ example: "marie.dupont@example.org" });

/** URL segment of a name: "Saint-Étienne" → "saint-etienne", "L'Haÿ-les-Roses" → "l-hay-les-roses". */
export function toSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
