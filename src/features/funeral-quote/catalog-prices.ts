import type { CoffinRange, Disposition } from "@/domain/quote/answers";
import type { CatalogItem, GraveyardPartner, QuoteCatalog, ThirdPartyFee } from "@/domain/quote/catalog";
import { vatOf, type VatRate } from "@/domain/quote/money";

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

/** Coffin (and urn, for a cremation) of a range, as the engine picks them. */
export function rangePrice(catalog: QuoteCatalog, range: CoffinRange, disposition: Disposition | undefined): number | null {
  const coffin = catalog.coffins.find((c) => c.range === range && (disposition === undefined || c.dispositions.includes(disposition)));
  if (!coffin) return null;
  let total = itemTtc(coffin);
  if (disposition === "cremation") {
    const urn = catalog.urns.find((u) => u.range === range);
    if (urn) total += itemTtc(urn);
  }
  return total;
}

/** Concession choices of a graveyard for a kind, shortest term first. */
export function concessionsOf(graveyard: GraveyardPartner | undefined, kind: string) {
  if (!graveyard) return [];
  return graveyard.concessions.filter((c) => c.kind === kind).sort((a, b) => a.termYears - b.termYears);
}
