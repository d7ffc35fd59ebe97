import { paths } from "@/config/paths";
import type { Locale } from "@/domain/locales";
import type { RepatriationRate } from "@/domain/quote/catalog";
import { DEMO_CATALOG, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import { computeQuote } from "@/domain/quote/pricing";
import { aggregateOfferJsonLd, aggregateRatingJsonLd, organizationId, type JsonLdNode, type PageReviews } from "@/features/seo/json-ld";
import type { AirportRecord, ConsulateRecord, CountryPageData, RouteRecord } from "@/server/services/countries-page";
import { countryName } from "./country-name";
import type { Agreement, CountryNotes } from "./country-notes";

/** What a country page shows, computed from the database and the editorial notes; pure. */

export interface RepatriationEstimate {
  /** Whole repatriation from a French hospital, Essentiel coffin, on the cheapest route (TTC, cents). */
  lowCents: number;
  /** The same on the dearest route. */
  highCents: number;
  /** Air freight of the coffin alone, cheapest and dearest route (no VAT on international transport). */
  freightLowCents: number;
  freightHighCents: number;
  isDemo: boolean;
}

export interface CountryView {
  code: string;
  /** Name in the page's language. */
  name: string;
  frenchName: string;
  slug: string;
  path: string;
  agreement: Agreement;
  delayDays: readonly [number, number] | null;
  /** French editorial notes. */
  notes: string[];
  consulates: ConsulateRecord[];
  airports: AirportRecord[];
  routes: RouteRecord[];
  estimate: RepatriationEstimate | null;
  hasDemo: boolean;
  hasUnpublished: boolean;
}

/**
 * File work, hermetic case and consular fees of the demo price list for the country, or
 * its first entry when the country has none: the part of the price flights do not give.
 */
function baseRate(code: string): Omit<RepatriationRate, "airFreightHtCents" | "urnShippingHtCents"> {
  const upper = code.toUpperCase();
  const own = DEMO_PARTNERS.repatriation.find((r) => r.countryCode === upper);
  const fallback = own ?? DEMO_PARTNERS.repatriation[0];
  return {
    countryCode: upper,
    countryName: own?.countryName ?? upper,
    hermeticCaseHtCents: fallback?.hermeticCaseHtCents ?? 55_000,
    formalitiesHtCents: fallback?.formalitiesHtCents ?? 45_000,
    consularFeeCents: own?.consularFeeCents ?? 0,
  };
}

/** The pricing engine's total for a repatriation of the body at a given air-freight price. */
export function repatriationTotal(code: string, freightCents: number, urnCents: number): { totalCents: number; isDemo: boolean } {
  const rate: RepatriationRate = { ...baseRate(code), airFreightHtCents: freightCents, urnShippingHtCents: urnCents };
  const quote = computeQuote(
    { situation: "death-occurred", placeOfDeath: "hospital", disposition: "burial", coffinRange: "essential", repatriation: { destinationCountry: code.toUpperCase() } },
    DEMO_CATALOG,
    { ...DEMO_PARTNERS, repatriation: [rate] },
  );
  return { totalCents: quote.totals.minimumTtc, isDemo: quote.isDemo };
}

export function estimateFromRoutes(code: string, routes: readonly RouteRecord[]): RepatriationEstimate | null {
  const priced = routes.filter((r) => r.coffinPriceCents !== null && !r.disabled);
  if (priced.length === 0) return null;
  const freights = priced.map((r) => r.coffinPriceCents as number);
  const urns = priced.map((r) => r.urnPriceCents).filter((v): v is number => v !== null);
  const urn = urns.length > 0 ? Math.min(...urns) : 0;
  const freightLowCents = Math.min(...freights);
  const freightHighCents = Math.max(...freights);
  const low = repatriationTotal(code, freightLowCents, urn);
  const high = repatriationTotal(code, freightHighCents, urn);
  return {
    lowCents: low.totalCents,
    highCents: high.totalCents,
    freightLowCents,
    freightHighCents,
    isDemo: low.isDemo || priced.some((r) => r.demo),
  };
}

export function buildCountryView(data: CountryPageData, notes: CountryNotes | null, locale: Locale): CountryView {
  const { country } = data;
  const estimate = estimateFromRoutes(country.code, data.routes);
  return {
    code: country.code,
    name: countryName(country.names, locale),
    frenchName: country.names.fr,
    slug: country.slug,
    path: paths.repatriationCountry(country.slug),
    agreement: notes?.agreement ?? "unknown",
    delayDays: notes?.typicalDelayDays ?? null,
    notes: notes?.notes ?? [],
    consulates: data.consulates,
    airports: data.airports,
    routes: data.routes,
    estimate,
    hasDemo: data.consulates.some((c) => c.demo) || data.routes.some((r) => r.demo) || (estimate?.isDemo ?? false),
    hasUnpublished: data.consulates.some((c) => c.disabled) || data.routes.some((r) => r.disabled),
  };
}

/** The repatriation service to this country, with its price range in EUR when flights give one. */
export function countryJsonLd(view: CountryView, input: { siteUrl: string; url: string; name: string; description: string; reviews: PageReviews }): JsonLdNode {
  const rating = aggregateRatingJsonLd(input.reviews);
  return {
    "@type": "Service",
    "@id": `${input.url}#service`,
    name: input.name,
    description: input.description,
    serviceType: "Repatriation of remains",
    url: input.url,
    provider: { "@id": organizationId(input.siteUrl) },
    areaServed: { "@type": "Country", name: view.name, identifier: view.code.toUpperCase() },
    ...(rating ? { aggregateRating: rating } : {}),
    ...(view.estimate
      ? {
          offers: aggregateOfferJsonLd({
            lowPriceCents: view.estimate.lowCents,
            highPriceCents: view.estimate.highCents,
            offerCount: view.routes.filter((r) => r.coffinPriceCents !== null && !r.disabled).length,
            url: input.url,
          }),
        }
      : {}),
  };
}
