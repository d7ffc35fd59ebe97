/**
 * Law-right totals of an entity invoice: always recomputed from its prestations, in integer
 * cents, with the VAT broken down per rate (CGI art. 242 nonies A: the invoice shows, per
 * rate, the taxable base and the tax; EN 16931 BG-23).
 */
import { vatOfBp } from "@/domain/quote/money";

/** VAT rates in basis points that French invoices may carry (0 for exempt / out of scope). */
export const VAT_RATES_BP = [0, 210, 550, 1000, 2000] as const;
export const DEFAULT_VAT_RATE_BP = 2000;

export interface PrestationAmounts {
  costHt: number;
  costTtc: number;
  vatRateBp: number;
}

export interface VatBreakdownLine {
  rateBp: number;
  baseCents: number;
  taxCents: number;
}

export interface InvoiceTotals {
  costTaxExcl: number;
  costTaxIncl: number;
  vat: VatBreakdownLine[];
}

/** The tax a prestation's amount carries at a rate (the shared rule, a credit note's negatives mirrored). */
export const vatOf = vatOfBp;

/** Whether a prestation's incl. amount is its excl. amount plus the VAT of its rate (to the cent). */
export function isConsistentPrestation(p: PrestationAmounts): boolean {
  return p.costTtc === p.costHt + vatOf(p.costHt, p.vatRateBp);
}

/** Totals are the sums of the prestations; the VAT per rate sums the prestations' own tax so both always agree. */
export function invoiceTotals(prestations: readonly PrestationAmounts[]): InvoiceTotals {
  const byRate = new Map<number, VatBreakdownLine>();
  let costTaxExcl = 0;
  let costTaxIncl = 0;
  for (const p of prestations) {
    costTaxExcl += p.costHt;
    costTaxIncl += p.costTtc;
    const line = byRate.get(p.vatRateBp) ?? { rateBp: p.vatRateBp, baseCents: 0, taxCents: 0 };
    line.baseCents += p.costHt;
    line.taxCents += p.costTtc - p.costHt;
    byRate.set(p.vatRateBp, line);
  }
  const vat = [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp);
  return { costTaxExcl, costTaxIncl, vat };
}
