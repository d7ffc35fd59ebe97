import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { getPageState, sharedFigures } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { crumbsJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata } from "@/shared/seo/metadata";
import { PlacesIndexPage } from "./places-index-page";
import { placesIndexSeo } from "./places-metadata";
import { readSearchQuery, searchCommunes } from "./search";

type Query = string | string[] | undefined;

export async function placesIndexMetadata(locale: string, q: Query): Promise<Metadata> {
  const figures = await sharedFigures(false);
  const searched = readSearchQuery(q).query !== null;
  return buildMetadata(await placesIndexSeo(locale, { searched, communes: figures.communes }));
}

/** /pompes-funebres, and /pompes-funebres?q=… when the search form was sent without JavaScript. */
export async function PlacesIndexRoute({ locale, q }: { locale: string; q: Query }) {
  setRequestLocale(locale);
  const search = await searchCommunes(q);
  // A search that names one commune goes straight to it, as the autocomplete would.
  if (search.kind === "results" && search.results.length === 1) redirect(search.results[0]!.href);
  const state = await getPageState({ locale, path: paths.funeralIndex() });
  const t = await getTranslations("Places.breadcrumbs");
  const origin = originForLocale(serverEnv().SITE_URL, localeOrDefault(locale));
  const crumbs = [
    { name: t("home"), href: paths.home() },
    { name: t("index"), href: paths.funeralIndex() },
  ];
  return (
    <>
      <PreviewBanner state={state} path={paths.funeralIndex()} />
      <PlacesIndexPage
        query={search.kind === "none" ? null : search.query}
        results={search.kind === "results" ? search.results : search.kind === "too-long" ? null : []}
      />
      <JsonLdScript data={crumbsJsonLd(crumbs, origin)} />
    </>
  );
}
