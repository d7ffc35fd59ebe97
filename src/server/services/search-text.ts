import { normalizeSearchText } from "@/domain/schemas/autocomplete";

/** A search as the services run it: the normalised text and its prefix range. */
export interface SearchTerm {
  /** normalizeSearchText() of what was typed; empty means "the top entries". */
  text: string;
  /** Inclusive lower bound of the prefix range. */
  from: string;
  /** Exclusive upper bound: the text with its last character incremented (byte order). */
  to: string;
}

export function searchTerm(raw: string | undefined | null): SearchTerm {
  const text = normalizeSearchText(raw ?? "");
  return { text, from: text, to: prefixUpperBound(text) };
}

/** Smallest string greater than every string starting with `prefix` in byte (C collation) order. */
export function prefixUpperBound(prefix: string): string {
  if (!prefix) return "";
  const chars = [...prefix];
  const last = chars.pop()!;
  return chars.join("") + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/** LIKE pattern matching the text at the start of any word but the first. */
export function wordPattern(text: string): string {
  return `% ${text}%`;
}
