import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale } from "@/domain/locales";
import { Breadcrumbs } from "@/features/page-state/breadcrumbs";
import { getPageState, isPreviewRequest, sharedFigures } from "@/features/page-state/get-page-state";
import { PreviewBanner } from "@/features/page-state/preview-banner";
import { ReviewsPage, reviewsCrumbs } from "@/features/reviews/reviews-page";
import { reviewsTexts } from "@/features/reviews/reviews-texts";
import { readPageParam, reviewsForJsonLd, reviewsPagePath, REVIEWS_PER_PAGE } from "@/features/reviews/reviews-view";
import { breadcrumbListJsonLd, funeralBusinessJsonLd, reviewJsonLd } from "@/features/seo/json-ld";
import { JsonLdScript } from "@/features/seo/json-ld-script";
import { buildMetadata } from "@/features/seo/metadata";
import { originForLocale } from "@/i18n/locale-host";
import { getDb } from "@/server/db/client";
import { listReviewsPage } from "@/server/services/reviews-page";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale: localeParam } = await params;
  const locale = isLocale(localeParam) ? localeParam : DEFAULT_LOCALE;
  const param = readPageParam((await searchParams).page);
  if (param.kind !== "page") return { robots: { index: false, follow: true } };
  const { reviews } = await sharedFigures(await isPreviewRequest());
  const { title, description } = await reviewsTexts(locale, param.page, reviews);
  // The brand is already in the title (this is the brand's reviews page): used as is.
  return buildMetadata({ locale, path: reviewsPagePath(param.page), title: { absolute: title }, description });
}

// /avis-{brand}?page=n; a page that does not exist is a 404, ?page=1 goes to the bare address.
export default async function Page({ params, searchParams }: Props) {
  const { locale: localeParam } = await params;
  setRequestLocale(localeParam);
  const locale = isLocale(localeParam) ? localeParam : DEFAULT_LOCALE;
  const param = readPageParam((await searchParams).page);
  if (param.kind === "invalid") notFound();
  if (param.kind === "first") permanentRedirect(paths.reviews());
  const path = reviewsPagePath(param.page);
  const state = await getPageState({ locale, path });
  const { reviews: summary } = await sharedFigures(state.isPreview);
  const list = await listReviewsPage(await getDb(), { page: param.page, perPage: REVIEWS_PER_PAGE, includeUnpublished: state.isPreview });
  if (param.page > list.totalPages) notFound();
  const siteUrl = serverEnv().SITE_URL;
  const origin = originForLocale(siteUrl, locale);
  const { description } = await reviewsTexts(locale, param.page, summary);
  const crumbs = await reviewsCrumbs();
  const business = funeralBusinessJsonLd({ siteUrl, url: `${origin}${paths.reviews()}`, description, reviews: state.reviews });
  const review = reviewsForJsonLd(list.items).map((r) => reviewJsonLd(r));
  const t = await getTranslations("Reviews");
  return (
    <>
      <PreviewBanner state={state} path={path} />
      <Breadcrumbs label={t("breadcrumbLabel")} items={crumbs} />
      <ReviewsPage summary={summary} list={list} />
      <JsonLdScript
        data={[review.length > 0 ? { ...business, review } : business, breadcrumbListJsonLd(crumbs.map((c) => ({ name: c.name, url: `${origin}${c.href}` })))]}
      />
    </>
  );
}
