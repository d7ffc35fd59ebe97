/**
 * What a partner may bill the product for, read from the deals (issue 16 "grouping"). The
 * source is the deal's frozen quote: each line the pricing engine priced with a partner names
 * it in its source code ("CREMATORIUM-12", "CREMATORIUM-12-ROOM-3", "PARLOR-4-DAY",
 * "GRAVEYARD-7-OPENING"), with the amount agreed with the family at order time. Catalogue
 * prices may have changed since; the quote is what was ordered, so it is what is billed.
 */
import { vatOfBp } from "@/domain/quote/money";

/** Funeral deals whose order was signed: a quote merely sent, lost or cancelled bills nothing. */
export const BILLABLE_DEAL_STATES = ["signed", "organising", "ceremony_done", "invoiced", "closed"] as const;

/** The partner types whose prestations are priced in the funeral quote, and the prefix of their lines. */
export const QUOTE_PARTNER_PREFIXES = { Crematorium: "CREMATORIUM", FuneralParlor: "PARLOR", Graveyard: "GRAVEYARD" } as const;
export type QuotedPartnerType = keyof typeof QUOTE_PARTNER_PREFIXES;

export function isQuotedPartnerType(type: string): type is QuotedPartnerType {
  return Object.hasOwn(QUOTE_PARTNER_PREFIXES, type);
}

/** The parts of a stored quote line this module reads (the stored JSON is not trusted to be whole). */
export interface StoredQuoteLine {
  sourceCode?: unknown;
  label?: unknown;
  detail?: unknown;
  amountHtCents?: unknown;
  amountTtcCents?: unknown;
  vatRate?: unknown;
  advanced?: unknown;
}

export interface BillableLine {
  sourceCode: string;
  description: string;
  costHt: number;
  costTtc: number;
  vatRateBp: number;
}

const SAFE_CENTS = 100_000_000_00;
const isCents = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= SAFE_CENTS;

/** Whether a line's source code names this partner (the id is followed by "-" or nothing, so 12 never matches 123). */
export function namesPartner(sourceCode: string, type: QuotedPartnerType, id: number): boolean {
  const prefix = `${QUOTE_PARTNER_PREFIXES[type]}-${id}`;
  return sourceCode === prefix || sourceCode.startsWith(`${prefix}-`);
}

/**
 * The lines of a quote a partner bills. An advanced cost (débours: crematorium fee, commune's
 * grave opening, concession) was priced at what the partner charges, its own taxes included,
 * and the quote records it at 0 % because the operator adds none; it is proposed as such and
 * the director corrects the VAT split on the draft when the partner's invoice shows one.
 * Other lines keep their HT and rate; TTC is recomputed with the invoices' rounding rule so a
 * proposal is always a consistent prestation.
 */
export function billableLines(quote: unknown, type: QuotedPartnerType, id: number): BillableLine[] {
  const lines = typeof quote === "object" && quote !== null ? (quote as { lines?: unknown }).lines : undefined;
  if (!Array.isArray(lines)) return [];
  const out: BillableLine[] = [];
  for (const raw of lines as StoredQuoteLine[]) {
    if (typeof raw !== "object" || raw === null || typeof raw.sourceCode !== "string" || !namesPartner(raw.sourceCode, type, id)) continue;
    if (out.some((line) => line.sourceCode === raw.sourceCode)) continue;
    const advanced = raw.advanced === true;
    const amount = advanced ? raw.amountTtcCents : raw.amountHtCents;
    if (!isCents(amount) || amount <= 0) continue;
    const rateBp = advanced ? 0 : typeof raw.vatRate === "number" ? Math.round(raw.vatRate * 100) : NaN;
    if (!Number.isInteger(rateBp) || rateBp < 0) continue;
    const label = typeof raw.label === "string" ? raw.label.trim() : raw.sourceCode;
    const detail = typeof raw.detail === "string" && raw.detail.trim() !== "" ? ` – ${raw.detail.trim()}` : "";
    out.push({ sourceCode: raw.sourceCode, description: `${label}${detail}`.slice(0, 500), costHt: amount, costTtc: amount + vatOfBp(amount, rateBp), vatRateBp: rateBp });
  }
  return out;
}

/** The first and last day (YYYY-MM-DD) of a calendar month (1-12), quarter (1-4) or year. */
export function periodDays(kind: "month" | "quarter" | "year", year: number, index = 1): { from: string; to: string } {
  const firstMonth = kind === "month" ? index : kind === "quarter" ? (index - 1) * 3 + 1 : 1;
  const months = kind === "month" ? 1 : kind === "quarter" ? 3 : 12;
  const from = new Date(Date.UTC(year, firstMonth - 1, 1));
  const to = new Date(Date.UTC(year, firstMonth - 1 + months, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}
