import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";

/**
 * Open Graph wants language_TERRITORY. The territory is the one whose readers the
 * translation was written for; Facebook only knows Arabic as the pseudo-territory ar_AR.
 */
export const OPEN_GRAPH_LOCALES: Record<Locale, string> = {
  fr: "fr_FR",
  ar: "ar_AR",
  de: "de_DE",
  en: "en_GB",
  es: "es_ES",
  he: "he_IL",
  it: "it_IT",
  pt: "pt_PT",
  sr: "sr_RS",
  tr: "tr_TR",
  zh: "zh_CN",
};

/** Fails loudly on a path that would build a wrong absolute URL (relative, protocol-relative or absolute). */
export function assertSitePath(path: string): void {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//")) {
    throw new TypeError(`SEO path must start with a single "/" (received ${JSON.stringify(path)})`);
  }
}

/** Absolute URL of `path` on the host serving `locale` (every locale uses the French paths). */
export function localeUrl(siteUrl: string, locale: Locale, path: string): string {
  assertSitePath(path);
  return `${originForLocale(siteUrl, locale)}${path}`;
}

/** The locales a page exists in, in the product's order, duplicates and unknown values dropped. */
export function normaliseLocales(locales: readonly Locale[] | undefined): Locale[] {
  if (!locales) return [...LOCALES];
  return LOCALES.filter((locale) => locales.includes(locale));
}

/**
 * hreflang → absolute URL for every locale host that has the page, plus x-default on
 * the French URL (the bare host), which only exists when the page exists in French.
 */
export function hreflangAlternates(siteUrl: string, path: string, locales?: readonly Locale[]): Record<string, string> {
  const available = normaliseLocales(locales);
  const languages: Record<string, string> = {};
  for (const locale of available) languages[locale] = localeUrl(siteUrl, locale, path);
  if (available.includes(DEFAULT_LOCALE)) languages["x-default"] = localeUrl(siteUrl, DEFAULT_LOCALE, path);
  return languages;
}
