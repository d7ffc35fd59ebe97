import { z } from "zod";
import type { Locale } from "@/domain/locales";
import { localeSchema } from "@/domain/schemas/common";

/** Countries, named in every locale of the product. */

export const countrySchema = z
  .object({
    id: z.string().meta({ description: "ISO 3166-1 alpha-2 code, lower case", example: "dz" }),
    code: z.string().meta({ example: "dz" }),
    name: z.string().meta({ description: "Name in the requested locale", example: "Algérie" }),
    slug: z.string().meta({ description: "French name as a URL segment", example: "algerie" }),
    alpha3: z.string().meta({ example: "DZA" }),
  })
  .meta({ id: "Country" });
export type Country = z.infer<typeof countrySchema>;

export const countriesQuerySchema = z.object({
  locale: localeSchema.optional(),
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, { error: "country__code__invalid" })
    .optional(),
});

export type CountryNames = Record<Locale, string>;
