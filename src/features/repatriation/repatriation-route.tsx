import type { Metadata } from "next";
import { cache } from "react";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/domain/locales";
import { breadcrumbsJsonLd } from "@/features/page-state/breadcrumbs";
import { getPageState, isPreviewRequest } from "@/features/page-state/get-page-state";
import { PreviewBanner } from "@/features/page-state/preview-banner";
import { buildMetadata } from "@/features/seo/metadata";
import { JsonLdScript } from "@/features/seo/json-ld-script";
import { originForLocale } from "@/i18n/locale-host";
import { getDb } from "@/server/db/client";
import { countRepatriationCountries, findRepatriationCountry, getCountryPageData, listRepatriationCountries } from "@/server/services/countries-page";
import { CountriesIndexPage, type CountryLink } from "./countries-index-page";
import { countryName } from "./country-name";
import { countriesWithNotes, countryNotes } from "./country-notes";
import { CountryPage, countryCrumbs } from "./country-page";
import { buildCountryView, countryJsonLd, type CountryView } from "./country-view";

function localeOf(param: string): Locale {
  return isLocale(param) ? param : DEFAULT_LOCALE;
}

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

async function countryTexts(locale: Locale, view: CountryView) {
  const t = await getTranslations({ locale, namespace: "Repatriation.country" });
  return { title: t("title", { country: view.name }), description: t("description", { country: view.name }), heading: t("heading", { country: view.name }) };
}

export async function countryMetadata(localeParam: string, country: string): Promise<Metadata> {
  const locale = localeOf(localeParam);
  const loaded = await loadCountry(country, locale, await isPreviewRequest());
  if (loaded.kind !== "country") return { robots: { index: false, follow: true } };
  const texts = await countryTexts(locale, loaded.view);
  return buildMetadata({ locale, path: loaded.view.path, title: texts.title, description: texts.description });
}

export async function CountryRoute({ locale: localeParam, country }: { locale: string; country: string }) {
  const locale = localeOf(localeParam);
  const loaded = await loadCountry(country, locale, await isPreviewRequest());
  if (loaded.kind === "missing") notFound();
  if (loaded.kind === "moved") permanentRedirect(paths.repatriationCountry(loaded.slug));
  const view = loaded.view;
  const vars = [{ name: "country", value: view.name }];
  if (view.estimate) vars.push({ name: "price_repatriation_low_cents", value: String(view.estimate.lowCents) }, { name: "price_repatriation_high_cents", value: String(view.estimate.highCents) });
  const state = await getPageState({ locale, path: view.path, vars });
  const origin = originForLocale(serverEnv().SITE_URL, locale);
  const texts = await countryTexts(locale, view);
  return (
    <>
      <PreviewBanner state={state} path={view.path} />
      <CountryPage view={view} locale={locale} />
      <JsonLdScript
        data={[
          countryJsonLd(view, { siteUrl: serverEnv().SITE_URL, url: `${origin}${view.path}`, name: texts.heading, description: texts.description, reviews: state.reviews }),
          breadcrumbsJsonLd(origin, await countryCrumbs(view)),
        ]}
      />
    </>
  );
}

export async function repatriationIndexMetadata(localeParam: string): Promise<Metadata> {
  const locale = localeOf(localeParam);
  const t = await getTranslations({ locale, namespace: "Repatriation.index" });
  const count = await countRepatriationCountries(await getDb());
  return buildMetadata({ locale, path: paths.repatriation(), title: t("title"), description: t("description", { count }) });
}

export async function RepatriationIndexRoute({ locale: localeParam }: { locale: string }) {
  const locale = localeOf(localeParam);
  const state = await getPageState({ locale, path: paths.repatriation() });
  const withNotes = new Set(countriesWithNotes());
  const rows = await listRepatriationCountries(await getDb(), { includeUnpublished: state.isPreview });
  const countries: CountryLink[] = rows.map((r) => ({
    code: r.code,
    name: countryName(r.names, locale),
    href: paths.repatriationCountry(r.slug),
    flights: r.flights,
    consulates: r.consulates,
    featured: r.flights > 0 || withNotes.has(r.code),
  }));
  const t = await getTranslations("Repatriation.breadcrumbs");
  const origin = originForLocale(serverEnv().SITE_URL, locale);
  return (
    <>
      <PreviewBanner state={state} path={paths.repatriation()} />
      <CountriesIndexPage countries={countries} locale={locale} />
      <JsonLdScript
        data={breadcrumbsJsonLd(origin, [
          { name: t("home"), href: paths.home() },
          { name: t("index"), href: paths.repatriation() },
        ])}
      />
    </>
  );
}
