import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale } from "@/domain/locales";
import type { PriceExample } from "@/features/page-state/price-examples";
import { funeralBusinessJsonLd, offerJsonLd, organizationJsonLd, type JsonLdNode, type PageReviews } from "@/features/seo/json-ld";
import { buildMetadata } from "@/features/seo/metadata";

export async function homeMetadata(localeParam: string): Promise<Metadata> {
  const locale = isLocale(localeParam) ? localeParam : DEFAULT_LOCALE;
  const t = await getTranslations({ locale, namespace: "Home.meta" });
  return buildMetadata({ locale, path: paths.home(), title: { absolute: t("title") }, description: t("description") });
}

/**
 * The organisation, and the funeral service with the site's rating (SPEC §3 reviews:
 * internal.rating, internal.total_reviews) and the price examples as offers in EUR.
 */
export function homeJsonLd(input: {
  siteUrl: string;
  url: string;
  description: string;
  reviews: PageReviews;
  examples: ReadonlyArray<PriceExample & { name: string }>;
}): JsonLdNode[] {
  return [
    organizationJsonLd({ siteUrl: input.siteUrl }),
    funeralBusinessJsonLd({
      siteUrl: input.siteUrl,
      url: input.url,
      description: input.description,
      reviews: input.reviews,
      offers: input.examples.map((e) => offerJsonLd({ name: e.name, priceCents: e.totalCents, url: `${input.url.replace(/\/$/, "")}${paths.funeralQuote()}` })),
    }),
  ];
}
