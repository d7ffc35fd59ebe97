/**
 * Money arithmetic of the quote, in integer euro cents.
 *
 * The single rounding rule of the whole quote lives here: VAT is computed per
 * line, from the line's amount excluding tax, rounded half-up to the cent.
 * Every total is a plain sum of line amounts, so totals always equal the sum of
 * the lines and HT + TVA = TTC holds exactly at every level.
 */

/** The VAT rates a funeral quote can carry (see pricing.ts for which applies where). */
export const VAT_RATES = [0, 10, 20] as const;
export type VatRate = (typeof VAT_RATES)[number];

export type Cents = number;

/**
 * VAT in cents for an amount excluding tax, rounded half-up.
 * Rates are whole percentages and amounts are never negative, so integer
 * arithmetic is exact: no floating-point drift.
 */
export function vatOf(amountHtCents: Cents, rate: VatRate): Cents {
  return Math.floor((amountHtCents * rate + 50) / 100);
}

/**
 * VAT in cents of an amount excluding tax at a rate in basis points (1000 = 10 %), rounded
 * half-up in integer arithmetic; a negative amount (a credit note's) mirrors its positive
 * one, so a correction cancels its invoice to the cent. The flowers, monuments and partner
 * invoices all price with it.
 */
export function vatOfBp(amountHtCents: Cents, rateBp: number): Cents {
  const magnitude = Math.floor((Math.abs(amountHtCents) * rateBp + 5_000) / 10_000);
  return amountHtCents < 0 ? -magnitude : magnitude;
}

/** Clamps anything that is not a finite, non-negative integer amount to a safe integer (prices are never negative). */
export function sanitizeCents(value: number): Cents {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.round(value);
}

/** "1 234,56 €": French display of an amount in cents, independent of the runtime's ICU data. */
export function formatEuros(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const euros = Math.floor(abs / 100).toString();
  const rest = (abs % 100).toString().padStart(2, "0");
  // Narrow no-break space as thousands separator, as French typography wants.
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
  return `${negative ? "-" : ""}${grouped},${rest}\u00a0€`;
}

/** An amount in the reader's language ("1 234,56 €", "€1,234.56"), Latin digits as everywhere in the product. */
export function formatMoney(cents: Cents, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", numberingSystem: "latn" }).format(cents / 100);
}
