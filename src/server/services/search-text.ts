import { normalizeSearchText } from "@/domain/schemas/autocomplete";

/** A search as the services run it: the normalised text and its LIKE patterns. */
export interface SearchTerm {
  /** normalizeSearchText() of what was typed; empty means "the top entries". */
  text: string;
  /** Names starting with the text. */
  prefix: string;
  /** Names with a later word starting with the text. */
  word: string;
}

/**
 * normalizeSearchText() leaves only letters, digits and single spaces, so the text never
 * holds a LIKE wildcard (% or _) or an escape character and can be put in a pattern as is.
 */
export function searchTerm(raw: string | undefined | null): SearchTerm {
  const text = normalizeSearchText(raw ?? "");
  return { text, prefix: `${text}%`, word: wordPattern(text) };
}

/** LIKE pattern matching the text at the start of any word but the first. */
export function wordPattern(text: string): string {
  return `% ${text}%`;
}
