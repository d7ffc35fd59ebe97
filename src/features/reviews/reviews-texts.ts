import { getFormatter, getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import type { Locale } from "@/domain/locales";
import type { ReviewsScope } from "@/domain/reviews-counting";

/**
 * Title and description of the reviews page (page 2 onwards says which page it is). While
 * only demonstration reviews exist, they say so instead of quoting the examples' rating.
 */
export async function reviewsTexts(locale: Locale, page: number, figures: { rating: number; total: number; scope: ReviewsScope }) {
  const t = await getTranslations({ locale, namespace: "Reviews" });
  const format = await getFormatter({ locale });
  const values = {
    brand: BRAND,
    rating: format.number(figures.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    count: figures.total,
    page,
  };
  if (figures.scope !== "real") {
    const house = await getTranslations({ locale, namespace: "ExternalReviews" });
    return { title: page > 1 ? t("titlePage", values) : house("examplesTitle", values), description: house("examplesDescription", values) };
  }
  return {
    title: page > 1 ? t("titlePage", values) : t("title", values),
    description: t("description", values),
  };
}
