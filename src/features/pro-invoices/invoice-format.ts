import type { InvoiceGroupType } from "@/domain/invoices/group";
import { vatOfBp } from "@/domain/quote/money";

/**
 * Figures of the invoices pages in the reader's language, digits kept Latin (amounts, numbers
 * and dates are compared with the partner's paper invoice and the bank statement).
 */

type Translate = (key: string, values?: Record<string, string>) => string;

export function vatRateText(rateBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1, numberingSystem: "latn" }).format(rateBp / 10_000);
}

export function dayText(epochSeconds: number | null, locale: string): string {
  if (epochSeconds === null) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Europe/Paris", numberingSystem: "latn" }).format(new Date(epochSeconds * 1000));
}

/** A YYYY-MM-DD calendar day as the reader writes it. */
export function isoDayText(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(`${day}T00:00:00Z`));
}

export function monthText(month: number, year: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** Month and quarter groups are stored ×1000 (SPEC §5): shown as the month or quarter they are. */
export function groupText(group: { type: InvoiceGroupType; id: number; year: number }, locale: string, t: Translate): string {
  const small = group.id % 1000 === 0 ? group.id / 1000 : group.id;
  if (group.type === "month" && small >= 1 && small <= 12) return monthText(small, group.year, locale);
  if (group.type === "quarter" && small >= 1 && small <= 4) return t("group.quarter", { quarter: String(small), year: String(group.year) });
  return t(`group.${group.type}`, { id: String(group.id), year: String(group.year) });
}

/**
 * What a director types in euros ("120", "120,5", "1 234,50", "-35.10") in cents; null when it
 * is not an amount, so the form keeps the text and says so.
 */
export function parseEuros(text: string): number | null {
  const match = /^(-?)(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0\u202f€]/g, ""));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] === "-" ? -cents : cents;
}

/** The incl. tax amount a prestation must carry: the invoices' own rounding rule. */
export function inclTax(costHt: number, rateBp: number): number {
  return costHt + vatOfBp(costHt, rateBp);
}
