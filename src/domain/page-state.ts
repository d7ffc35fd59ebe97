import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/domain/locales";

/**
 * Page state (SPEC §3): what a public page knows besides its own content. The reviews
 * aggregate and the named variables (prices, phone number, counts) come from one place,
 * so a figure quoted in a title, a paragraph and the structured data is the same figure.
 */

/** Reviews of a page (SPEC §3 "Reviews"): internal.rating out of 5 and internal.total_reviews. */
export interface PageReviews {
  internal: { rating: number; total_reviews: number };
}

export interface PageVar {
  name: string;
  value: string;
}

/** One locale version of the page: its language and its path there. */
export interface PageAlternate {
  lang: Locale;
  slug: string;
}

export interface PageState {
  reviews: PageReviews;
  vars: PageVar[];
  locale: Locale;
  alternates: PageAlternate[];
  /** Draft mode: unpublished content is shown, and the page says so. */
  isPreview: boolean;
}

/**
 * The names every page can count on. Values are machine values (amounts in cents,
 * plain integers, a dot-decimal rating): each page formats them for its locale.
 */
export const PAGE_VAR_NAMES = [
  "phone",
  "phone_e164",
  "reviews_rating",
  "reviews_count",
  "price_cremation_cents",
  "price_burial_cents",
  "communes_count",
  "countries_count",
] as const;
export type PageVarName = (typeof PAGE_VAR_NAMES)[number];

export function pageVar(state: Pick<PageState, "vars">, name: string): string | undefined {
  return state.vars.find((v) => v.name === name)?.value;
}

/** A variable that must be there: a page asking for an unknown one is a programming error. */
export function requirePageVar(state: Pick<PageState, "vars">, name: string): string {
  const value = pageVar(state, name);
  if (value === undefined) throw new Error(`page variable ${JSON.stringify(name)} is not defined`);
  return value;
}

/** Variables as name → value, the later of two with the same name winning (a page may override a shared one). */
export function varsRecord(vars: readonly PageVar[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const v of vars) record[v.name] = v.value;
  return record;
}

export function mergeVars(...lists: ReadonlyArray<readonly PageVar[]>): PageVar[] {
  return Object.entries(varsRecord(lists.flat())).map(([name, value]) => ({ name, value }));
}

/** Every locale the page exists in, with its path (the French paths are used on every locale host). */
export function pageAlternates(path: string, availableLocales?: readonly Locale[]): PageAlternate[] {
  const locales = availableLocales ? LOCALES.filter((l) => availableLocales.includes(l)) : [...LOCALES];
  return locales.map((lang) => ({ lang, slug: path }));
}

export function buildPageState(input: {
  locale: string;
  path: string;
  availableLocales?: readonly Locale[];
  reviews: { rating: number; total: number };
  vars: readonly PageVar[];
  isPreview: boolean;
}): PageState {
  const locale = (LOCALES as readonly string[]).includes(input.locale) ? (input.locale as Locale) : DEFAULT_LOCALE;
  return {
    reviews: { internal: { rating: input.reviews.rating, total_reviews: input.reviews.total } },
    vars: mergeVars(input.vars),
    locale,
    alternates: pageAlternates(input.path, input.availableLocales),
    isPreview: input.isPreview,
  };
}
