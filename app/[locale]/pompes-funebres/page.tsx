import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { getPageState, sharedFigures } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { PlacesIndexPage } from "@/features/places/places-index-page";
import { placesIndexSeo } from "@/features/places/places-metadata";
import { readSearchQuery, searchCommunes } from "@/features/places/search";
import { breadcrumbListJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata } from "@/shared/seo/metadata";
import { originForLocale } from "@/i18n/locale-host";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const figures = await sharedFigures(false);
  const searched = readSearchQuery((await searchParams).q).query !== null;
  return buildMetadata(await placesIndexSeo((await params).locale, { searched, communes: figures.communes }));
}

// /pompes-funebres, and /pompes-funebres?q=… when the search form was sent without JavaScript.
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchCommunes((await searchParams).q);
  // A search that names one commune goes straight to it, as the autocomplete would.
  if (search.kind === "results" && search.results.length === 1) redirect(search.results[0]!.href);
  const state = await getPageState({ locale, path: paths.funeralIndex() });
  const t = await getTranslations("Places.breadcrumbs");
  const origin = originForLocale(serverEnv().SITE_URL, localeOrDefault(locale));
  return (
    <>
      <PreviewBanner state={state} path={paths.funeralIndex()} />
      <PlacesIndexPage
        query={search.kind === "none" ? null : search.query}
        results={search.kind === "results" ? search.results : search.kind === "too-long" ? null : []}
      />
      <JsonLdScript
        data={breadcrumbListJsonLd([
          { name: t("home"), url: `${origin}${paths.home()}` },
          { name: t("index"), url: `${origin}${paths.funeralIndex()}` },
        ])}
      />
    </>
  );
}
