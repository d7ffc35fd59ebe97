import { AUTOCOMPLETE_Q_MAX } from "@/domain/schemas/autocomplete";
import { hasPlacePage, isInseeCode } from "@/domain/slug";
import { getDb } from "@/server/db/client";
import { getCityhallSuggestions } from "@/server/services/autocompletes/cityhalls";
import { communePath } from "./commune-view";

/** The no-JavaScript search of /pompes-funebres?q=…: the same matching as the autocomplete. */

export interface CommuneSuggestionLink {
  name: string;
  href: string;
  postalCode: string | null;
  departmentName: string | null;
}

export const SEARCH_RESULTS_LIMIT = 30;

export type IndexSearch =
  | { kind: "none" }
  | { kind: "too-long"; query: string }
  | { kind: "results"; query: string; results: CommuneSuggestionLink[] };

/** Reads ?q= (first value only, trimmed); blank means no search. */
export function readSearchQuery(raw: string | string[] | undefined): { query: string | null; tooLong: boolean } {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const query = typeof value === "string" ? value.trim() : "";
  if (query === "") return { query: null, tooLong: false };
  if (query.length > AUTOCOMPLETE_Q_MAX) return { query: query.slice(0, AUTOCOMPLETE_Q_MAX), tooLong: true };
  return { query, tooLong: false };
}

export async function searchCommunes(raw: string | string[] | undefined): Promise<IndexSearch> {
  const { query, tooLong } = readSearchQuery(raw);
  if (query === null) return { kind: "none" };
  if (tooLong) return { kind: "too-long", query };
  const found = await getCityhallSuggestions(await getDb(), { q: query, limit: SEARCH_RESULTS_LIMIT });
  return {
    kind: "results",
    query,
    results: found
      .filter((s) => isInseeCode(s.insee_code) && hasPlacePage(s.department.code))
      .map((s) => ({
        name: s.name,
        href: communePath(s.name, s.insee_code),
        postalCode: s.postal_codes[0] ?? null,
        departmentName: s.department?.name ?? null,
      })),
  };
}
