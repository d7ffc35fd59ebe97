/** The 11 languages of the product; French is the source language and the bare host. */
export const LOCALES = ["fr", "ar", "de", "en", "es", "he", "it", "pt", "sr", "tr", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr";
export const RTL_LOCALES: readonly Locale[] = ["ar", "he"];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale a route or request names, or French when it names none of the 11. */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return RTL_LOCALES.includes(locale) ? "rtl" : "ltr";
}

/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  fr: "Français",
  ar: "العربية",
  de: "Deutsch",
  en: "English",
  es: "Español",
  he: "עברית",
  it: "Italiano",
  pt: "Português",
  sr: "Srpski",
  tr: "Türkçe",
  zh: "中文",
};
