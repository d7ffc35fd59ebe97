import { cache } from "react";
import { draftMode } from "next/headers";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import type { Locale } from "@/domain/locales";
import { getDb } from "@/server/db/client";
import { countRepatriationCountries } from "@/server/services/countries-page";
import { countCommunePages } from "@/server/services/places-page";
import { getReviewsSummary, type ReviewsSummary } from "@/server/services/reviews-page";
import { buildPageState, type PageState, type PageVar } from "@/domain/page-state";
import { priceExamples } from "@/domain/price-examples";

/**
 * The one server function that gives a public page its state (SPEC §3): reviews, named
 * variables, locale, alternates and whether it is a preview. Draft mode is read through
 * draftMode(), which keeps static and regenerated pages static for every visitor without
 * the preview cookie.
 */

export const isPreviewRequest = cache(async (): Promise<boolean> => {
  try {
    return (await draftMode()).isEnabled;
  } catch {
    // Outside a request (generateStaticParams, sitemaps) there is no draft mode.
    return false;
  }
});

export interface SharedFigures {
  reviews: ReviewsSummary;
  communes: number;
  countries: number;
}

/** Database figures shared by every page of one render, read once. */
export const sharedFigures = cache(async (isPreview: boolean): Promise<SharedFigures> => {
  const db = await getDb();
  const reviews = await getReviewsSummary(db, { includeUnpublished: isPreview });
  const communes = await countCommunePages(db);
  const countries = await countRepatriationCountries(db);
  return { reviews, communes, countries };
});

export function sharedVars(figures: SharedFigures): PageVar[] {
  const [cremation, burial] = priceExamples();
  return [
    { name: "phone", value: ADVISOR_PHONE },
    { name: "phone_e164", value: ADVISOR_PHONE_E164 },
    // Pages quote only real reviews left on our site (src/domain/reviews-counting.ts), never examples.
    { name: "reviews_rating", value: figures.reviews.quotable.rating.toFixed(1) },
    { name: "reviews_count", value: String(figures.reviews.quotable.total) },
    { name: "price_cremation_cents", value: String(cremation?.totalCents ?? 0) },
    { name: "price_burial_cents", value: String(burial?.totalCents ?? 0) },
    { name: "communes_count", value: String(figures.communes) },
    { name: "countries_count", value: String(figures.countries) },
  ];
}

export async function getPageState(input: {
  locale: string;
  /** The French path of the page (the same on every locale host). */
  path: string;
  availableLocales?: readonly Locale[];
  /** Page-specific variables (a commune's estimate…), added to the shared ones. */
  vars?: readonly PageVar[];
}): Promise<PageState> {
  const isPreview = await isPreviewRequest();
  const figures = await sharedFigures(isPreview);
  return buildPageState({
    locale: input.locale,
    path: input.path,
    availableLocales: input.availableLocales,
    reviews: figures.reviews.quotable,
    vars: [...sharedVars(figures), ...(input.vars ?? [])],
    isPreview,
  });
}
