/**
 * Joins the truthy class names. Deliberately tiny and dependency-free: the design
 * system keeps conflicting utilities out of its own class lists, so callers that
 * pass `className` only add classes (layout, spacing) rather than override them.
 */
export type ClassValue = string | number | false | null | undefined;

export function cn(...classes: ClassValue[]): string {
  let out = "";
  for (const value of classes) {
    if (!value) continue;
    out = out ? `${out} ${value}` : String(value);
  }
  return out;
}
