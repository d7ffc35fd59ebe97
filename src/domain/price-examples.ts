import type { QuoteAnswers } from "@/domain/quote/answers";
import { DEMO_CATALOG, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import type { LegalSectionId } from "@/domain/quote/legal-model";
import { computeQuote } from "@/domain/quote/pricing";

/**
 * Price examples of the home page and the price variables of every page: two plain
 * funerals priced by the pricing engine, laid out by the sections of the legal quote
 * model. The catalogue is the demonstration one until real price lists are loaded,
 * and the examples say so (`isDemo`).
 */

export const PRICE_EXAMPLE_IDS = ["cremation", "burial"] as const;
export type PriceExampleId = (typeof PRICE_EXAMPLE_IDS)[number];

export interface PriceExampleSection {
  id: LegalSectionId;
  /** "1" … "7A", "7B", "8". */
  number: string;
  ttcCents: number;
}

export interface PriceExample {
  id: PriceExampleId;
  /** What the family pays, all taxes and advanced costs included, in cents. */
  totalCents: number;
  /** VAT included in the total, in cents. */
  vatCents: number;
  /** Costs paid to third parties on the family's behalf (crematorium, commune…), in cents. */
  advancedCents: number;
  /** Only the sections with an amount, in the model's order. */
  sections: PriceExampleSection[];
  /** Every line of the example is a legally mandatory service. */
  onlyMandatory: boolean;
  isDemo: boolean;
}

const SCENARIOS: Record<PriceExampleId, QuoteAnswers> = {
  cremation: { situation: "death-occurred", placeOfDeath: "hospital", disposition: "cremation", coffinRange: "essential" },
  burial: { situation: "death-occurred", placeOfDeath: "hospital", disposition: "burial", coffinRange: "essential", finalRestingPlace: "family-grave" },
};

export function computePriceExample(id: PriceExampleId): PriceExample {
  const quote = computeQuote(SCENARIOS[id], DEMO_CATALOG, DEMO_PARTNERS);
  return {
    id,
    totalCents: quote.totals.totalTtc,
    vatCents: quote.totals.totalTva,
    advancedCents: quote.totals.advancedTtc,
    sections: quote.sections
      .filter((s) => s.subtotals.totalTtcCents > 0)
      .map((s) => ({ id: s.id, number: s.number, ttcCents: s.subtotals.totalTtcCents })),
    onlyMandatory: quote.lines.every((l) => l.kind === "mandatory"),
    isDemo: quote.isDemo,
  };
}

let cached: PriceExample[] | undefined;
/** Both examples; pure and deterministic, so computed once per process. */
export function priceExamples(): PriceExample[] {
  cached ??= PRICE_EXAMPLE_IDS.map(computePriceExample);
  return cached;
}

/** Whole euros for a sentence ("3 751 €"); cents would only add noise to an example. */
export function roundedEuros(cents: number): number {
  return Math.round(cents / 100);
}
