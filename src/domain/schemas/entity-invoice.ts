/** Invoices received from partners (entities), grouped by prestation, month, quarter or deal. */

export const INVOICE_GROUP_TYPES = ["prestation", "month", "quarter", "deal"] as const;
export type InvoiceGroupType = (typeof INVOICE_GROUP_TYPES)[number];

/** Group ids under 1000 are multiplied by 1000 (SPEC §5). */
export function normalizeInvoiceGroupId(id: number): number {
  return id < 1000 ? id * 1000 : id;
}
