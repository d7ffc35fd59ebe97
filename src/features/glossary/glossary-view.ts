import { getTranslations } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { type Locale, localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { glossaryLocales, glossaryTerms, groupByLetter, type GlossaryLocale, type GlossaryTerm, type LetterGroup } from "./glossary-content";

export interface GlossaryView {
  hostLocale: Locale;
  /** Language of the terms shown: the host's when it has a glossary, otherwise English (then French). */
  contentLocale: GlossaryLocale;
  availableLocales: GlossaryLocale[];
  isFallback: boolean;
  terms: GlossaryTerm[];
  groups: LetterGroup[];
  /** Term names by slug, for the "see also" links. */
  names: Record<string, string>;
  /** Inputs of definedTermSetJsonLd (src/shared/seo/json-ld.ts). */
  jsonLd: {
    url: string;
    name: string;
    description: string;
    inLanguage: string;
    terms: { name: string; description: string; url: string; termCode: string }[];
  };
}

export function glossaryContentLocale(hostLocale: Locale, available: readonly GlossaryLocale[]): GlossaryLocale | null {
  const own = available.find((l) => l === hostLocale);
  if (own) return own;
  if (available.includes("en")) return "en";
  return available[0] ?? null;
}

export async function glossaryView(localeParam: string): Promise<GlossaryView | null> {
  const hostLocale: Locale = localeOrDefault(localeParam);
  const availableLocales = glossaryLocales();
  const contentLocale = glossaryContentLocale(hostLocale, availableLocales);
  if (!contentLocale) return null;
  const terms = glossaryTerms(contentLocale);
  const pages = await getTranslations({ locale: contentLocale, namespace: "Pages" });
  const url = `${originForLocale(serverEnv().SITE_URL, contentLocale)}${paths.glossary()}`;
  return {
    hostLocale,
    contentLocale,
    availableLocales,
    isFallback: contentLocale !== hostLocale,
    terms,
    groups: groupByLetter(terms),
    names: Object.fromEntries(terms.map((t) => [t.slug, t.term])),
    jsonLd: {
      url,
      name: pages("glossary.heading"),
      description: pages("glossary.description"),
      inLanguage: contentLocale,
      terms: terms.map((t) => ({ name: t.term, description: t.definition, url: `${url}#${t.slug}`, termCode: t.slug })),
    },
  };
}
