import { z } from "zod";
import type { Locale } from "@/domain/locales";
import raw from "@/content/repatriation/countries.json";
import ar from "@/content/repatriation/notes/ar.json";
import de from "@/content/repatriation/notes/de.json";
import en from "@/content/repatriation/notes/en.json";
import es from "@/content/repatriation/notes/es.json";
import he from "@/content/repatriation/notes/he.json";
import it from "@/content/repatriation/notes/it.json";
import pt from "@/content/repatriation/notes/pt.json";
import sr from "@/content/repatriation/notes/sr.json";
import tr from "@/content/repatriation/notes/tr.json";
import zh from "@/content/repatriation/notes/zh.json";

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
  /** Written in French by the content team; translations in notes/<locale>.json. */
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

/** Translations of the notes (src/content/repatriation/notes/<locale>.json), by country code. */
const TRANSLATIONS: Partial<Record<Locale, unknown>> = { ar, de, en, es, he, it, pt, sr, tr, zh };

/**
 * The notes in the page's language, or in French (`lang: "fr"`) when that language has no
 * complete translation of this country's notes: a half-translated list would mislead.
 */
export function localisedNotes(notes: CountryNotes, locale: Locale): { notes: string[]; lang: Locale } {
  if (locale === "fr") return { notes: notes.notes, lang: "fr" };
  const table = TRANSLATIONS[locale];
  const translated = table && typeof table === "object" ? (table as Record<string, unknown>)[notes.code] : undefined;
  const complete =
    Array.isArray(translated) &&
    translated.length === notes.notes.length &&
    translated.every((note): note is string => typeof note === "string" && note.trim().length > 0);
  return complete ? { notes: translated, lang: locale } : { notes: notes.notes, lang: "fr" };
}

/** Codes of the countries with editorial notes: they are featured on the index. */
export function countriesWithNotes(): string[] {
  return [...index().keys()];
}
