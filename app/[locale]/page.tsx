import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale } from "@/domain/locales";
import { HomePage } from "@/features/home/home-page";
import { homeJsonLd, homeMetadata } from "@/features/home/home-seo";
import { getPageState, sharedFigures } from "@/features/page-state/get-page-state";
import { PreviewBanner } from "@/features/page-state/preview-banner";
import { priceExamples } from "@/features/page-state/price-examples";
import { RecentReviews } from "@/features/reviews/recent-reviews";
import { JsonLdScript } from "@/features/seo/json-ld-script";
import { ServiceTiles } from "@/features/shell/service-tiles";
import { originForLocale } from "@/i18n/locale-host";

type Props = { params: Promise<{ locale: string }> };

export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return homeMetadata((await params).locale);
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const state = await getPageState({ locale, path: paths.home() });
  const figures = await sharedFigures(state.isPreview);
  const examples = priceExamples();
  const t = await getTranslations("Home");
  const origin = originForLocale(serverEnv().SITE_URL, isLocale(locale) ? locale : DEFAULT_LOCALE);
  return (
    <>
      <PreviewBanner state={state} path={paths.home()} />
      <HomePage
        state={state}
        examples={examples}
        reviews={<RecentReviews summary={figures.reviews} isPreview={state.isPreview} />}
        services={<ServiceTiles headingLevel="h3" />}
      />
      <JsonLdScript
        data={homeJsonLd({
          siteUrl: serverEnv().SITE_URL,
          url: `${origin}/`,
          description: t("meta.description"),
          reviews: state.reviews,
          examples: examples.map((e) => ({ ...e, name: t(`prices.${e.id}.title`) })),
        })}
      />
    </>
  );
}
