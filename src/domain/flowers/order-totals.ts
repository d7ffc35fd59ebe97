import { vatOfBp } from "@/domain/quote/money";
import type { FlowerOrderLine, FlowerOrderTotals } from "@/domain/schemas/flower-funnel";

/**
 * The money of a flowers order, in integer cents, with the quote's single rounding rule
 * (src/domain/quote/money.ts): VAT per line, from the line's amount excluding tax,
 * rounded half-up; every total is a plain sum of the lines. The server prices an order
 * with it from the database's prices; the basket on screen may use it for its preview.
 */

export { vatOfBp } from "@/domain/quote/money";

/** One arrangement's price for the family (what the catalogue shows). */
export function priceTtcCents(priceHtCents: number, vatRateBp: number): number {
  return priceHtCents + vatOfBp(priceHtCents, vatRateBp);
}

export interface PricedItem {
  code: string;
  name: string;
  type: FlowerOrderLine["type"];
  picture: string;
  quantity: number;
  unitPriceHtCents: number;
  vatRateBp: number;
}

export function orderLine(item: PricedItem): FlowerOrderLine {
  const totalHt = item.unitPriceHtCents * item.quantity;
  const vat = vatOfBp(totalHt, item.vatRateBp);
  return {
    code: item.code,
    name: item.name,
    type: item.type,
    picture: item.picture,
    quantity: item.quantity,
    unit_price_ht_cents: item.unitPriceHtCents,
    vat_rate_bp: item.vatRateBp,
    total_ht_cents: totalHt,
    vat_cents: vat,
    total_ttc_cents: totalHt + vat,
  };
}

export function orderTotals(lines: readonly FlowerOrderLine[]): FlowerOrderTotals {
  const byRate = new Map<number, { vat_rate_bp: number; ht_cents: number; vat_cents: number }>();
  let ht = 0;
  let vat = 0;
  for (const line of lines) {
    ht += line.total_ht_cents;
    vat += line.vat_cents;
    const rate = byRate.get(line.vat_rate_bp) ?? { vat_rate_bp: line.vat_rate_bp, ht_cents: 0, vat_cents: 0 };
    rate.ht_cents += line.total_ht_cents;
    rate.vat_cents += line.vat_cents;
    byRate.set(line.vat_rate_bp, rate);
  }
  return { ht_cents: ht, vat_cents: vat, ttc_cents: ht + vat, by_rate: [...byRate.values()].sort((a, b) => a.vat_rate_bp - b.vat_rate_bp) };
}
