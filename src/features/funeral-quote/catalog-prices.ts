import type { CoffinRange, QuoteAnswers } from "@/domain/quote/answers";
import type { CatalogItem, GraveyardPartner, QuoteCatalog, QuotePartners, ThirdPartyFee } from "@/domain/quote/catalog";
import { vatOf, type VatRate } from "@/domain/quote/money";
import { computeQuote, LINE_CODES } from "@/domain/quote/pricing";

/** Prices shown next to a choice, taken from the same catalogue the quote is computed from. */

export function itemTtc(item: CatalogItem, quantity = 1): number {
  const ht = item.priceHtCents * quantity;
  return ht + vatOf(ht, item.vatRate);
}

/** An operator price excluding tax, with its VAT (20 % unless stated). */
export function withVat(htCents: number, rate: VatRate = 20): number {
  return htCents + vatOf(htCents, rate);
}

export function feeAmount(fee: ThirdPartyFee): number {
  return fee.amountCents;
}

/**
 * Coffin (and urn, for a cremation) of a range, priced by the engine itself: the quote of
 * these answers with that range, so the substitute the engine falls back to when the range
 * has no fitting coffin is the one priced here too. Null when the engine finds no coffin.
 */
export function rangePrice(pricing: { catalog: QuoteCatalog; partners: QuotePartners }, answers: QuoteAnswers, range: CoffinRange): number | null {
  const lines = computeQuote({ ...answers, coffinRange: range }, pricing.catalog, pricing.partners).lines;
  if (!lines.some((line) => line.code === LINE_CODES.coffin)) return null;
  return lines.filter((line) => line.code === LINE_CODES.coffin || line.code === LINE_CODES.urn).reduce((sum, line) => sum + line.amountTtcCents, 0);
}

/** Concession choices of a graveyard for a kind, shortest term first. */
export function concessionsOf(graveyard: GraveyardPartner | undefined, kind: string) {
  if (!graveyard) return [];
  return graveyard.concessions.filter((c) => c.kind === kind).sort((a, b) => a.termYears - b.termYears);
}
