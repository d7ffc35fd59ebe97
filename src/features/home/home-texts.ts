import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/locales";
import type { PriceExample } from "@/domain/price-examples";

/** Title and description of the home page (the title carries the brand and is used as is). */
export async function homeTexts(locale: Locale): Promise<{ title: string; description: string }> {
  const t = await getTranslations({ locale, namespace: "Home.meta" });
  return { title: t("title"), description: t("description") };
}

/** The price examples as offers: their name in the page's language, their total in cents. */
export async function homeOffers(locale: Locale, examples: readonly PriceExample[]): Promise<Array<{ name: string; priceCents: number }>> {
  const t = await getTranslations({ locale, namespace: "Home.prices" });
  return examples.map((e) => ({ name: t(`${e.id}.title`), priceCents: e.totalCents }));
}
