import { getFormatter, getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import type { Locale } from "@/domain/locales";

/** Title and description of the reviews page (page 2 onwards says which page it is). */
export async function reviewsTexts(locale: Locale, page: number, figures: { rating: number; total: number }) {
  const t = await getTranslations({ locale, namespace: "Reviews" });
  const format = await getFormatter({ locale });
  const values = {
    brand: BRAND,
    rating: format.number(figures.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    count: figures.total,
    page,
  };
  return {
    title: page > 1 ? t("titlePage", values) : t("title", values),
    description: t("description", values),
  };
}
