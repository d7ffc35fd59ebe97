import { z } from "zod";
import raw from "@/content/repatriation/countries.json";

/**
 * Editorial notes per country (src/content/repatriation/countries.json): whether the
 * country applies the Berlin (1937) and Strasbourg (1973) agreements on the transport of
 * bodies, the usual delay, practical notes and the airports families usually fly to. An
 * entry that does not read correctly is left out rather than breaking the page.
 */

export const AGREEMENTS = ["both", "berlin", "strasbourg", "none", "unknown"] as const;
export type Agreement = (typeof AGREEMENTS)[number];

const entrySchema = z.object({
  code: z
    .string()
    .regex(/^[a-zA-Z]{2}$/)
    .transform((c) => c.toLowerCase()),
  agreement: z.enum(AGREEMENTS).catch("unknown"),
  typicalDelayDays: z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([min, max]) => max >= min)
    .optional()
    .catch(undefined),
  /** Written in French by the content team. */
  notes: z.array(z.string().trim().min(1)).catch([]).default([]),
  mainAirports: z.array(z.string().regex(/^[A-Za-z0-9]{3}$/)).catch([]).default([]),
});

export type CountryNotes = z.infer<typeof entrySchema>;

let byCode: Map<string, CountryNotes> | undefined;

function index(): Map<string, CountryNotes> {
  if (byCode) return byCode;
  const map = new Map<string, CountryNotes>();
  for (const item of Array.isArray(raw) ? (raw as unknown[]) : []) {
    const parsed = entrySchema.safeParse(item);
    if (parsed.success) map.set(parsed.data.code, parsed.data);
  }
  byCode = map;
  return map;
}

export function countryNotes(code: string): CountryNotes | null {
  return index().get(code.toLowerCase()) ?? null;
}

/** Codes of the countries with editorial notes: they are featured on the index. */
export function countriesWithNotes(): string[] {
  return [...index().keys()];
}
