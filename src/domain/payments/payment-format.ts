import { formatMoney } from "@/domain/quote/money";

/**
 * How payment pages, e-mails and receipts write amounts and dates: in the reader's
 * language with Latin digits, as everywhere in the product (Arabic reads "1 234,56 €"
 * style figures, not Arabic-Indic ones).
 */

/** An amount isolated from the text around it, so a right-to-left line keeps "1 234,56 €" whole. */
export function isolatedMoney(cents: number, locale: string): string {
  return `\u2068${formatMoney(cents, locale)}\u2069`;
}

/** A day ("12 mars 2026"), Latin digits. `timeZone` UTC for calendar dates, Europe/Paris for instants. */
export function paymentDay(date: Date, locale: string, style: "long" | "medium" = "long", timeZone = "UTC"): string {
  // The product's Serbian is written in Latin letters; Intl's plain "sr" names months in Cyrillic.
  const intlLocale = locale === "sr" ? "sr-Latn" : locale;
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: style, timeZone, numberingSystem: "latn" }).format(date);
}
