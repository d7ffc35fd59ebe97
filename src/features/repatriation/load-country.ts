import { cache } from "react";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, type Locale } from "@/domain/locales";
import { getDb } from "@/server/db/client";
import { findRepatriationCountry, getCountryPageData, listRepatriationCountries } from "@/server/services/countries-page";
import type { CountryLink } from "./countries-index-page";
import { countryName } from "./country-name";
import { countriesWithNotes, countryNotes } from "./country-notes";
import { buildCountryView, type CountryView } from "./country-view";


const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type LoadedCountry = { kind: "country"; view: CountryView } | { kind: "moved"; slug: string } | { kind: "missing" };

/** A country page from its URL segment, read once per render (metadata and page share it). */
export const loadCountry = cache(async (raw: string, locale: Locale, includeUnpublished: boolean): Promise<LoadedCountry> => {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { kind: "missing" };
  }
  const slug = decoded.trim().toLowerCase();
  if (slug.length > 120 || !SLUG.test(slug)) return { kind: "missing" };
  const db = await getDb();
  const found = await findRepatriationCountry(db, slug);
  if (!found) return { kind: "missing" };
  if (slug !== raw) return { kind: "moved", slug };
  const notes = countryNotes(found.code);
  // The editorial notes name the usual arrival airports: they are listed first.
  const data = await getCountryPageData(db, slug, { includeUnpublished, mainAirports: notes?.mainAirports ?? [] });
  if (!data) return { kind: "missing" };
  return { kind: "country", view: buildCountryView(data, notes, locale) };
});

/**
 * Built ahead: on the French host the countries families most often repatriate to (flights,
 * consulates or editorial notes), on the others those with flights. Never an empty list for
 * a locale: Next.js then builds nothing for the whole route. The rest is rendered on first visit.
 */
export async function countryStaticParams(locale: string): Promise<Array<{ country: string }>> {
  const withNotes = new Set(countriesWithNotes());
  const countries = await listRepatriationCountries(await getDb());
  const chosen =
    locale === DEFAULT_LOCALE
      ? countries.filter((c) => c.flights > 0 || c.consulates > 0 || withNotes.has(c.code))
      : countries.filter((c) => c.flights > 0);
  return (chosen.length > 0 ? chosen : countries.slice(0, 1)).map((c) => ({ country: c.slug }));
}

/** Title, description and heading of a country page in its language. */
export async function countryTexts(locale: Locale, view: CountryView) {
  const t = await getTranslations({ locale, namespace: "Repatriation.country" });
  return { title: t("title", { country: view.name }), description: t("description", { country: view.name }), heading: t("heading", { country: view.name }) };
}

/** Every country for the index, named in the page's language; the usual destinations flagged. */
export async function countryLinks(locale: Locale, includeUnpublished: boolean): Promise<CountryLink[]> {
  const withNotes = new Set(countriesWithNotes());
  const rows = await listRepatriationCountries(await getDb(), { includeUnpublished });
  return rows.map((r) => ({
    code: r.code,
    name: countryName(r.names, locale),
    href: paths.repatriationCountry(r.slug),
    flights: r.flights,
    consulates: r.consulates,
    featured: r.flights > 0 || withNotes.has(r.code),
  }));
}

/** Title and description of the index. */
export async function repatriationIndexTexts(locale: Locale, countries: number) {
  const t = await getTranslations({ locale, namespace: "Repatriation.index" });
  return { title: t("title"), description: t("description", { count: countries }) };
}
