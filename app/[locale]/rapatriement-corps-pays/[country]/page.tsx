import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { Breadcrumbs } from "@/features/page-state/breadcrumbs";
import { getPageState, isPreviewRequest } from "@/features/page-state/get-page-state";
import { PreviewBanner } from "@/features/page-state/preview-banner";
import { CountryPage, countryCrumbs } from "@/features/repatriation/country-page";
import { countryOfferRange } from "@/features/repatriation/country-view";
import { countryStaticParams, countryTexts, loadCountry, localeOf } from "@/features/repatriation/load-country";
import { aggregateOfferJsonLd, aggregateRatingJsonLd, breadcrumbListJsonLd, organizationId, type JsonLdNode } from "@/features/seo/json-ld";
import { JsonLdScript } from "@/features/seo/json-ld-script";
import { buildMetadata } from "@/features/seo/metadata";
import { originForLocale } from "@/i18n/locale-host";

type Props = { params: Promise<{ locale: string; country: string }> };

// Countries not built ahead are rendered on their first visit, then served from the cache and refreshed hourly.
export const dynamicParams = true;
export const revalidate = 3600;

export async function generateStaticParams({ params }: { params: { locale: string } }) {
  return countryStaticParams(params.locale);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: localeParam, country } = await params;
  const locale = localeOf(localeParam);
  const loaded = await loadCountry(country, locale, await isPreviewRequest());
  if (loaded.kind !== "country") return { robots: { index: false, follow: true } };
  const texts = await countryTexts(locale, loaded.view);
  return buildMetadata({ locale, path: loaded.view.path, title: texts.title, description: texts.description });
}

export default async function Page({ params }: Props) {
  const { locale: localeParam, country } = await params;
  setRequestLocale(localeParam);
  const locale = localeOf(localeParam);
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
      <JsonLdScript data={[service, breadcrumbListJsonLd(crumbs.map((c) => ({ name: c.name, url: `${origin}${c.href}` })))]} />
    </>
  );
}
