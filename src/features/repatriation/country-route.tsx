import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { getPageState, isPreviewRequest } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { aggregateOfferJsonLd, aggregateRatingJsonLd, crumbsJsonLd, organizationId, type JsonLdNode } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata, NOT_INDEXED } from "@/shared/seo/metadata";
import { Breadcrumbs } from "@/ui/breadcrumbs";
import { CountryPage, countryCrumbs } from "./country-page";
import { countryOfferRange } from "./country-view";
import { countryTexts, loadCountry } from "./load-country";

/** Metadata of /rapatriement-corps-pays/{country}, not indexed when missing or moved. */
export async function countryMetadata(localeParam: string, country: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const loaded = await loadCountry(country, locale, await isPreviewRequest());
  if (loaded.kind !== "country") return NOT_INDEXED;
  const texts = await countryTexts(locale, loaded.view);
  return buildMetadata({ locale, path: loaded.view.path, title: texts.title, description: texts.description });
}

/** The whole country page: preview banner, breadcrumbs, the page and its Service + BreadcrumbList JSON-LD. */
export async function CountryRoute({ locale: localeParam, country }: { locale: string; country: string }) {
  setRequestLocale(localeParam);
  const locale = localeOrDefault(localeParam);
  const loaded = await loadCountry(country, locale, await isPreviewRequest());
  if (loaded.kind === "missing") notFound();
  if (loaded.kind === "moved") permanentRedirect(paths.repatriationCountry(loaded.slug));
  const view = loaded.view;
  const vars = [{ name: "country", value: view.name }];
  if (view.estimate) {
    vars.push({ name: "price_repatriation_low_cents", value: String(view.estimate.lowCents) }, { name: "price_repatriation_high_cents", value: String(view.estimate.highCents) });
  }
  const state = await getPageState({ locale, path: view.path, vars });
  const siteUrl = serverEnv().SITE_URL;
  const origin = originForLocale(siteUrl, locale);
  const url = `${origin}${view.path}`;
  const texts = await countryTexts(locale, view);
  const crumbs = await countryCrumbs(view);
  const range = countryOfferRange(view);
  const rating = aggregateRatingJsonLd(state.reviews);
  // The repatriation to this country as a Service, with its price range in EUR when flights give one.
  const service: JsonLdNode = {
    "@type": "Service",
    "@id": `${url}#service`,
    name: texts.heading,
    description: texts.description,
    serviceType: "Repatriation of remains",
    url,
    provider: { "@id": organizationId(siteUrl) },
    areaServed: { "@type": "Country", name: view.name, identifier: view.code.toUpperCase() },
    ...(rating ? { aggregateRating: rating } : {}),
    ...(range ? { offers: aggregateOfferJsonLd({ lowPriceCents: range.lowCents, highPriceCents: range.highCents, offerCount: range.count, url }) } : {}),
  };
  const t = await getTranslations("Repatriation");
  return (
    <>
      <PreviewBanner state={state} path={view.path} />
      <Breadcrumbs label={t("breadcrumbLabel")} items={crumbs} />
      <CountryPage view={view} locale={locale} />
      <JsonLdScript data={[service, crumbsJsonLd(crumbs, origin)]} />
    </>
  );
}
