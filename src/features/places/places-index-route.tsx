import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale } from "@/domain/locales";
import { breadcrumbsJsonLd } from "@/features/page-state/breadcrumbs";
import { getPageState, sharedFigures } from "@/features/page-state/get-page-state";
import { PreviewBanner } from "@/features/page-state/preview-banner";
import { JsonLdScript } from "@/features/seo/json-ld-script";
import { originForLocale } from "@/i18n/locale-host";
import { getDb } from "@/server/db/client";
import { listMostPopulatedCommunes, listPlacesIndex } from "@/server/services/places-page";
import { placesIndexMetadata } from "./places-metadata";
import { PlacesIndexPage } from "./places-index-page";
import { readSearchQuery, searchCommunes } from "./search";

const BIGGEST_TOWNS = 24;

export async function placesIndexRouteMetadata(locale: string, q: string | string[] | undefined): Promise<Metadata> {
  const figures = await sharedFigures(false);
  return placesIndexMetadata(locale, { searched: readSearchQuery(q).query !== null, communes: figures.communes });
}

/** /pompes-funebres, and /pompes-funebres?q=… when the search form was sent without JavaScript. */
export async function PlacesIndexRoute({ locale, q }: { locale: string; q: string | string[] | undefined }) {
  const search = await searchCommunes(q);
  // A search that names one commune goes straight to it, as the autocomplete would.
  if (search.kind === "results" && search.results.length === 1) redirect(search.results[0]!.href);
  const state = await getPageState({ locale, path: paths.funeralIndex() });
  const db = await getDb();
  const regions = await listPlacesIndex(db);
  const biggest = await listMostPopulatedCommunes(db, BIGGEST_TOWNS);
  const t = await getTranslations("Places.breadcrumbs");
  const origin = originForLocale(serverEnv().SITE_URL, isLocale(locale) ? locale : DEFAULT_LOCALE);
  return (
    <>
      <PreviewBanner state={state} path={paths.funeralIndex()} />
      <PlacesIndexPage
        regions={regions}
        biggest={biggest}
        query={search.kind === "none" ? null : search.query}
        results={search.kind === "results" ? search.results : search.kind === "too-long" ? null : []}
      />
      <JsonLdScript
        data={breadcrumbsJsonLd(origin, [
          { name: t("home"), href: paths.home() },
          { name: t("index"), href: paths.funeralIndex() },
        ])}
      />
    </>
  );
}
