/** An entity invoice's group (SPEC §3 "Entity invoice", §5): what the invoice gathers, identified by type, id and year. */

export const INVOICE_GROUP_TYPES = ["prestation", "month", "quarter", "deal"] as const;
export type InvoiceGroupType = (typeof INVOICE_GROUP_TYPES)[number];

export interface InvoiceGroup {
  type: InvoiceGroupType;
  id: number;
  year: number;
}

/** Group ids under 1000 are multiplied by 1000 (SPEC §5): the only place this rule is written. */
export function normalizeInvoiceGroupId(id: number): number {
  return id < 1000 ? id * 1000 : id;
}

/** A group as the API receives it, with its id normalized. */
export function invoiceGroup(type: InvoiceGroupType, id: number, year: number): InvoiceGroup {
  return { type, id: normalizeInvoiceGroupId(id), year };
}

/** The month group (1-12 → 1000-12000) of a date, in UTC since invoice periods are calendar periods. */
export function monthGroup(date: Date): InvoiceGroup {
  return invoiceGroup("month", date.getUTCMonth() + 1, date.getUTCFullYear());
}

/** The quarter group (1-4 → 1000-4000) of a date. */
export function quarterGroup(date: Date): InvoiceGroup {
  return invoiceGroup("quarter", Math.floor(date.getUTCMonth() / 3) + 1, date.getUTCFullYear());
}
