import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Locale } from "@/domain/locales";
import { foldText } from "./fold-text";

/**
 * The funeral glossary: src/content/glossary/<locale>.json, one entry per term with
 * the same slugs in every language (a slug is the term's anchor on the page).
 */

export const GLOSSARY_LOCALES = ["fr", "en"] as const satisfies readonly Locale[];
export type GlossaryLocale = (typeof GLOSSARY_LOCALES)[number];

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a kebab-case slug");

export const glossaryTermSchema = z.object({
  slug,
  term: z.string().trim().min(1),
  definition: z.string().trim().min(1),
  related: z.array(slug).default([]),
});

export const glossaryFileSchema = z.array(glossaryTermSchema).superRefine((terms, ctx) => {
  const seen = new Set<string>();
  terms.forEach((term, index) => {
    if (seen.has(term.slug)) ctx.addIssue({ code: "custom", path: [index, "slug"], message: `duplicate slug "${term.slug}"` });
    seen.add(term.slug);
  });
});

export type GlossaryTerm = z.output<typeof glossaryTermSchema>;

export const GLOSSARY_ROOT = join(process.cwd(), "src", "content", "glossary");

const cache = new Map<string, GlossaryTerm[]>();

/** The terms of one language in alphabetical order (accents ignored); empty when the file does not exist. */
export function glossaryTerms(locale: GlossaryLocale, root: string = GLOSSARY_ROOT): GlossaryTerm[] {
  const key = `${root}:${locale}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const file = join(root, `${locale}.json`);
  let terms: GlossaryTerm[] = [];
  if (existsSync(file)) {
    const parsed = glossaryFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) {
      throw new Error(`glossary/${locale}.json: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
    }
    const collator = new Intl.Collator(locale, { sensitivity: "base" });
    terms = [...parsed.data].sort((a, b) => collator.compare(a.term, b.term));
  }
  cache.set(key, terms);
  return terms;
}

/** Languages that have a glossary. */
export function glossaryLocales(root: string = GLOSSARY_ROOT): GlossaryLocale[] {
  return GLOSSARY_LOCALES.filter((locale) => glossaryTerms(locale, root).length > 0);
}

/** The index letter of a term: its first letter without accent; "#" for a digit or a sign. */
export function letterOf(term: string): string {
  const first = foldText(term.trim()).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : "#";
}

/** Anchor of a letter section: #lettre-a (the same French anchors on every host, like the paths). */
export function letterAnchor(letter: string): string {
  return letter === "#" ? "lettre-autres" : `lettre-${letter.toLowerCase()}`;
}

export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

export interface LetterGroup {
  letter: string;
  anchor: string;
  terms: GlossaryTerm[];
}

/** Terms grouped by letter, in alphabetical order; only letters that have terms. */
export function groupByLetter(terms: readonly GlossaryTerm[]): LetterGroup[] {
  const groups = new Map<string, GlossaryTerm[]>();
  for (const term of terms) {
    const letter = letterOf(term.term);
    groups.set(letter, [...(groups.get(letter) ?? []), term]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "#" ? 1 : b === "#" ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({ letter, anchor: letterAnchor(letter), terms: list }));
}
