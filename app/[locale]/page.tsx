import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { priceExamples } from "@/domain/price-examples";
import { HomePage } from "@/features/home/home-page";
import { homeOffers, homeTexts } from "@/features/home/home-texts";
import { getPageState, sharedFigures } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { RecentReviews } from "@/features/reviews/recent-reviews";
import { funeralBusinessJsonLd, offerJsonLd, organizationJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata } from "@/shared/seo/metadata";
import { ServiceTiles } from "@/features/shell/service-tiles";
import { originForLocale } from "@/i18n/locale-host";

type Props = { params: Promise<{ locale: string }> };

export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: localeParam } = await params;
  const locale = localeOrDefault(localeParam);
  const { title, description } = await homeTexts(locale);
  return buildMetadata({ locale, path: paths.home(), title: { absolute: title }, description });
}

export default async function Page({ params }: Props) {
  const { locale: localeParam } = await params;
  setRequestLocale(localeParam);
  const locale = localeOrDefault(localeParam);
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
      <HomePage
        state={state}
        examples={examples}
        reviews={<RecentReviews summary={figures.reviews} isPreview={state.isPreview} />}
        services={<ServiceTiles headingLevel="h3" />}
      />
      {/* The organisation, and its funeral service with the reviews' rating and the price examples as offers in EUR. */}
      <JsonLdScript
        data={[organizationJsonLd({ siteUrl }), funeralBusinessJsonLd({ siteUrl, url: `${origin}/`, description, reviews: state.reviews, offers })]}
      />
    </>
  );
}
