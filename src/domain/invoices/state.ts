/** An entity invoice's life: a draft is edited, validation freezes it with a number, a transfer pays it. */

export const INVOICE_STATES = ["draft", "validated", "paid"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export function invoiceState(row: { validatedAt: Date | null; paidAt: Date | null }): InvoiceState {
  if (row.validatedAt === null) return "draft";
  return row.paidAt === null ? "validated" : "paid";
}

/** A validated invoice is immutable (a correction is a credit note): only drafts accept writes. */
export function isEditable(state: InvoiceState): boolean {
  return state === "draft";
}
