import { z } from "zod";
import { localeSchema } from "@/domain/schemas/common";
import { storableText } from "@/domain/text";

/** GET /api/v1/autocompletes/{kind}: what pickers ask for and what they get back. */

export const AUTOCOMPLETE_KINDS = [
  "airlines",
  "airports",
  "companies",
  "consulates",
  "countries",
  "cityhalls",
  "crematoriums",
  "deals_with_invoices",
  "defuncts",
  "departments",
  "document_types",
  "entity_invoices",
  "flights",
  "funeral_parlors",
  "funeral_work_types",
  "graveyards",
  "hospitals",
  "polices",
  "prefectures",
  "products",
  "rha",
  "rule_sets",
  "suppliers",
  "worships",
] as const;
export type AutocompleteKind = (typeof AUTOCOMPLETE_KINDS)[number];

/** Kinds with no internal data, open to visitors (the public funnels use them). */
export const PUBLIC_AUTOCOMPLETE_KINDS = ["cityhalls", "countries", "departments", "airports", "products", "graveyards"] as const satisfies readonly AutocompleteKind[];

/** Nested kinds: `airports/{id}/warehouses`, `deals/{id}/documents`. */
export const NESTED_AUTOCOMPLETE_KINDS = ["airports/warehouses", "deals/documents"] as const;
export type NestedAutocompleteKind = (typeof NESTED_AUTOCOMPLETE_KINDS)[number];

/** Extras some kinds accept as `/{kind}/{extra}`. */
export const AUTOCOMPLETE_EXTRAS: Partial<Record<AutocompleteKind, readonly string[]>> = {
  countries: ["flight_estimation"],
};

export const AUTOCOMPLETE_Q_MAX = 100;
export const AUTOCOMPLETE_DEFAULT_LIMIT = 10;
export const AUTOCOMPLETE_MAX_LIMIT = 50;

export function isAutocompleteKind(value: unknown): value is AutocompleteKind {
  return typeof value === "string" && (AUTOCOMPLETE_KINDS as readonly string[]).includes(value);
}

export function isPublicAutocompleteKind(kind: string): boolean {
  return (PUBLIC_AUTOCOMPLETE_KINDS as readonly string[]).includes(kind);
}

export const autocompleteQuerySchema = z.object({
  q: storableText(z.string({ error: "autocomplete__q__invalid" }).max(AUTOCOMPLETE_Q_MAX, { error: "autocomplete__q__too_long" }), "autocomplete__q__invalid_characters")
    .optional()
    .meta({
      description: `Search text (at most ${AUTOCOMPLETE_Q_MAX} characters); accents and case are ignored. Empty: the top entries.`,
      example: "st etienne",
    }),
  limit: z.coerce
    .number({ error: "autocomplete__limit__invalid" })
    .int({ error: "autocomplete__limit__invalid" })
    .min(1, { error: "autocomplete__limit__invalid" })
    .max(AUTOCOMPLETE_MAX_LIMIT, { error: "autocomplete__limit__too_big" })
    .default(AUTOCOMPLETE_DEFAULT_LIMIT)
    .meta({ description: `Number of results (default ${AUTOCOMPLETE_DEFAULT_LIMIT}, at most ${AUTOCOMPLETE_MAX_LIMIT})` }),
  locale: localeSchema.optional(),
  disabled: z
    .enum(["true", "false"], { error: "autocomplete__disabled__invalid" })
    .transform((v) => v === "true")
    .optional()
    .meta({ description: "true: disabled partners too, marked `disabled` (roles 0-2 only: the directory's own pickers)" }),
});
export type AutocompleteQuery = z.infer<typeof autocompleteQuerySchema>;

/** Every result has an id and a display name; each kind adds what its picker shows. */
export const autocompleteItemSchema = z
  .object({
    id: z.union([z.number().int(), z.string()]).meta({ description: "Numeric id, or the code for countries and departments" }),
    name: z.string(),
  })
  .catchall(z.unknown())
  .meta({ id: "AutocompleteItem" });
export type AutocompleteItem = z.infer<typeof autocompleteItemSchema>;

export const cityhallAutocompleteItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ example: "Lyon" }),
    slug: z.string().meta({ example: "lyon" }),
    insee_code: z.string().meta({ example: "69123" }),
    postal_codes: z.array(z.string()).meta({ example: ["69001", "69002"] }),
    department: z.object({ code: z.string(), name: z.string() }),
    population: z.number().int().nullable(),
  })
  .meta({ id: "CityhallAutocompleteItem" });
export type CityhallAutocompleteItem = z.infer<typeof cityhallAutocompleteItemSchema>;

export const autocompleteResponseSchema = z.array(autocompleteItemSchema).meta({ id: "AutocompleteResults" });

/**
 * The form search text is compared in: lower case, no accents, words separated by
 * one space, and the usual abbreviations of French place names spelled out ("st
 * etienne" finds Saint-Étienne). The database computes the same form for names.
 */
export function normalizeSearchText(input: string): string {
  const plain = input
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    // Same separators as the database's search_norm(): ASCII punctuation and typographic quotes and dashes.
    .replace(/[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f’‘“”«»–—…\u00a0]+/g, " ")
    .trim();
  const words = plain.split(" ").filter(Boolean);
  return words
    .map((word, index) => {
      // Only a whole word followed by another is an abbreviation: "st" alone may begin "Strasbourg".
      if (index === words.length - 1) return word;
      if (word === "st") return "saint";
      if (word === "ste") return "sainte";
      return word;
    })
    .join(" ");
}
