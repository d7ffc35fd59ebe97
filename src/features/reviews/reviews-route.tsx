import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/domain/locales";
import { breadcrumbsJsonLd } from "@/features/page-state/breadcrumbs";
import { getPageState, isPreviewRequest, sharedFigures } from "@/features/page-state/get-page-state";
import { PreviewBanner } from "@/features/page-state/preview-banner";
import { JsonLdScript } from "@/features/seo/json-ld-script";
import { buildMetadata } from "@/features/seo/metadata";
import { originForLocale } from "@/i18n/locale-host";
import { getDb } from "@/server/db/client";
import { listReviewsPage } from "@/server/services/reviews-page";
import { ReviewsPage, reviewsCrumbs } from "./reviews-page";
import { readPageParam, reviewsJsonLd, reviewsPagePath, REVIEWS_PER_PAGE } from "./reviews-view";

function localeOf(param: string): Locale {
  return isLocale(param) ? param : DEFAULT_LOCALE;
}

async function texts(locale: Locale, page: number) {
  const t = await getTranslations({ locale, namespace: "Reviews" });
  const format = await getFormatter({ locale });
  const figures = await sharedFigures(await isPreviewRequest());
  const values = {
    brand: BRAND,
    rating: format.number(figures.reviews.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    count: figures.reviews.total,
    page,
  };
  return {
    title: page > 1 ? t("titlePage", values) : t("title", values),
    description: t("description", values),
  };
}

export async function reviewsRouteMetadata(localeParam: string, pageRaw: string | string[] | undefined): Promise<Metadata> {
  const locale = localeOf(localeParam);
  const param = readPageParam(pageRaw);
  if (param.kind !== "page") return { robots: { index: false, follow: true } };
  const { title, description } = await texts(locale, param.page);
  return buildMetadata({ locale, path: reviewsPagePath(param.page), title, description });
}

/** /avis-{brand}?page=n; a page that does not exist is a 404, ?page=1 goes to the bare address. */
export async function ReviewsRoute({ locale: localeParam, pageRaw }: { locale: string; pageRaw: string | string[] | undefined }) {
  const locale = localeOf(localeParam);
  const param = readPageParam(pageRaw);
  if (param.kind === "invalid") notFound();
  if (param.kind === "first") permanentRedirect(paths.reviews());
  const path = reviewsPagePath(param.page);
  const state = await getPageState({ locale, path });
  const figures = await sharedFigures(state.isPreview);
  const list = await listReviewsPage(await getDb(), { page: param.page, perPage: REVIEWS_PER_PAGE, includeUnpublished: state.isPreview });
  if (param.page > list.totalPages) notFound();
  const origin = originForLocale(serverEnv().SITE_URL, locale);
  const { description } = await texts(locale, param.page);
  return (
    <>
      <PreviewBanner state={state} path={path} />
      <ReviewsPage summary={figures.reviews} list={list} />
      <JsonLdScript
        data={[
          reviewsJsonLd({ siteUrl: serverEnv().SITE_URL, url: `${origin}${paths.reviews()}`, description, reviews: state.reviews, items: list.items }),
          breadcrumbsJsonLd(origin, await reviewsCrumbs()),
        ]}
      />
    </>
  );
}
