import type { Metadata } from "next";
import type { ReactNode } from "react";
import { setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { priceExamples } from "@/domain/price-examples";
import { originForLocale } from "@/i18n/locale-host";
import { getPageState, sharedFigures } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { funeralBusinessJsonLd, offerJsonLd, organizationJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata } from "@/shared/seo/metadata";
import { HomePage } from "./home-page";
import { homeOffers, homeTexts } from "./home-texts";

type ReviewsSummary = Awaited<ReturnType<typeof sharedFigures>>["reviews"];

export async function homeMetadata(localeParam: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const { title, description } = await homeTexts(locale);
  return buildMetadata({ locale, path: paths.home(), title: { absolute: title }, description });
}

/**
 * The home page with its JSON-LD: the organisation, and its funeral service with the
 * reviews' rating and the price examples as offers in EUR. The reviews and service tiles
 * come from other features, so the route passes them in.
 */
export async function HomeRoute(props: { locale: string; reviews: (summary: ReviewsSummary, isPreview: boolean) => ReactNode; services: ReactNode }) {
  setRequestLocale(props.locale);
  const locale = localeOrDefault(props.locale);
  const state = await getPageState({ locale, path: paths.home() });
  const figures = await sharedFigures(state.isPreview);
  const examples = priceExamples();
  const siteUrl = serverEnv().SITE_URL;
  const origin = originForLocale(siteUrl, locale);
  const { description } = await homeTexts(locale);
  const offers = (await homeOffers(locale, examples)).map((o) => offerJsonLd({ ...o, url: `${origin}${paths.funeralQuote()}` }));
  return (
    <>
      <PreviewBanner state={state} path={paths.home()} />
      <HomePage state={state} examples={examples} reviews={props.reviews(figures.reviews, state.isPreview)} services={props.services} />
      <JsonLdScript
        data={[organizationJsonLd({ siteUrl }), funeralBusinessJsonLd({ siteUrl, url: `${origin}/`, description, reviews: state.reviews, offers })]}
      />
    </>
  );
}
