import { paths } from "@/config/paths";
import type { Locale } from "@/domain/locales";
import type { RepatriationRate } from "@/domain/quote/catalog";
import { DEMO_CATALOG, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import { computeQuote } from "@/domain/quote/pricing";
import type { AirportRecord, ConsulateRecord, CountryPageData, RouteRecord } from "@/server/services/countries-page";
import { countryName } from "./country-name";
import { localisedNotes, type Agreement, type CountryNotes } from "./country-notes";

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
  /** Language the notes are written in: the page's, or French when not translated. */
  notesLang: Locale;
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
  const localised = notes ? localisedNotes(notes, locale) : { notes: [], lang: "fr" as Locale };
  return {
    code: country.code,
    name: countryName(country.names, locale),
    frenchName: country.names.fr,
    slug: country.slug,
    path: paths.repatriationCountry(country.slug),
    agreement: notes?.agreement ?? "unknown",
    delayDays: notes?.typicalDelayDays ?? null,
    notes: localised.notes,
    notesLang: localised.lang,
    consulates: data.consulates,
    airports: data.airports,
    routes: data.routes,
    estimate,
    hasDemo: data.consulates.some((c) => c.demo) || data.routes.some((r) => r.demo) || (estimate?.isDemo ?? false),
    hasUnpublished: data.consulates.some((c) => c.disabled) || data.routes.some((r) => r.disabled),
  };
}

/** The price range the country page offers in its structured data, in cents; null without a priced route. */
export function countryOfferRange(view: CountryView): { lowCents: number; highCents: number; count: number } | null {
  if (!view.estimate) return null;
  const count = view.routes.filter((r) => r.coffinPriceCents !== null && !r.disabled).length;
  return { lowCents: view.estimate.lowCents, highCents: view.estimate.highCents, count };
}
