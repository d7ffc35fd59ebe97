/**
 * Amounts are stored in cents and typed in euros. An advisor types "120", "120,5",
 * "1 234,50" or "120.50"; zero is a price too (a child's cremation is often free).
 * Anything else is not read as an amount: the form keeps the text and says so.
 */
export function euroTextToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, "");
  if (compact === "") return null;
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** Cents as an advisor would type them back: "120,50", "0,00" (the comma of French figures). */
export function centsToEuroText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return "";
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100).toString().padStart(2, "0");
  return `${whole},${rest}`;
}
