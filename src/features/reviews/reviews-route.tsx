import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { getDb } from "@/server/db/client";
import { listReviewsPage } from "@/server/services/reviews-page";
import { getPageState, isPreviewRequest, sharedFigures } from "@/shared/page-state/get-page-state";
import { PreviewBanner } from "@/shared/page-state/preview-banner";
import { crumbsJsonLd, funeralBusinessJsonLd, reviewJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata, NOT_INDEXED } from "@/shared/seo/metadata";
import { Breadcrumbs } from "@/ui/breadcrumbs";
import { ReviewsPage, reviewsCrumbs } from "./reviews-page";
import { reviewsTexts } from "./reviews-texts";
import { readPageParam, reviewsForJsonLd, reviewsPagePath, REVIEWS_PER_PAGE } from "./reviews-view";

type PageParam = string | string[] | undefined;

/** Metadata of /avis-{brand}?page=n; any address that is not a page is left out of the index. */
export async function reviewsMetadata(localeParam: string, pageParam: PageParam): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const param = readPageParam(pageParam);
  if (param.kind !== "page") return NOT_INDEXED;
  const { reviews } = await sharedFigures(await isPreviewRequest());
  const { title, description } = await reviewsTexts(locale, param.page, reviews);
  // The brand is already in the title (this is the brand's reviews page): used as is.
  return buildMetadata({ locale, path: reviewsPagePath(param.page), title: { absolute: title }, description });
}

/** /avis-{brand}?page=n; a page that does not exist is a 404, ?page=1 goes to the bare address. */
export async function ReviewsRoute({ locale: localeParam, page }: { locale: string; page: PageParam }) {
  setRequestLocale(localeParam);
  const locale = localeOrDefault(localeParam);
  const param = readPageParam(page);
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
      <JsonLdScript data={[review.length > 0 ? { ...business, review } : business, crumbsJsonLd(crumbs, origin)]} />
    </>
  );
}
