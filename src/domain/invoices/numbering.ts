/**
 * Invoice numbers: one unbroken sequence per entity and calendar year (CGI art. 242 nonies A:
 * "numéro unique basé sur une séquence chronologique et continue"). Credit notes share the
 * sequence, as the law allows, so no number is ever skipped.
 */

/** The printed number, e.g. 2026-00042; the entity is implied by the seller on the invoice. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError("invoice sequence starts at 1");
  return `${year}-${String(sequence).padStart(5, "0")}`;
}

/** Whether sequences (any order) run 1..n without a gap or a repeat. */
export function isGapless(sequences: readonly number[]): boolean {
  const sorted = [...sequences].sort((a, b) => a - b);
  return sorted.every((value, index) => value === index + 1);
}
