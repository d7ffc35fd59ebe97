import type { Db } from "@/server/db/client";
import { namedQuery } from "@/server/db/query";
import { COMMUNE_COLUMNS, COMMUNE_JOINS, toCommuneRecord, type CommuneRow } from "@/server/services/communes/commune-record";
import { searchTerm } from "@/server/services/search-text";

/**
 * Communes for pickers, each group ranked by population: names starting with the text,
 * then names with a later word starting with it ("etienne" → Saint-Étienne), and only
 * when neither finds anything, fuzzy (trigram) matches for typos ("marseile"). A postal
 * or INSEE code prefix ("69001", "2A004") finds the communes it belongs to. The empty
 * query gives the most populated communes. Each step is one indexed statement; the
 * costly fuzzy one runs only for a text nothing starts with.
 */
export interface CityhallSuggestion {
  id: number;
  name: string;
  slug: string;
  insee_code: string;
  postal_codes: string[];
  department: { code: string; name: string };
  population: number | null;
}

type Row = CommuneRow;

const COLUMNS = COMMUNE_COLUMNS;
const FROM = `FROM cityhalls c ${COMMUNE_JOINS}`;
const RANK = `c.population DESC NULLS LAST, c.name, c.id`;

const TOP_SQL = `SELECT ${COLUMNS} ${FROM} WHERE NOT c.disabled ORDER BY ${RANK} LIMIT $1`;

// Names starting with the text, then names with a later word starting with it ("etienne" →
// Saint-Étienne; the trigram index serves that LIKE), in one round trip. Without an outer
// ORDER BY the executor reads the second branch only when the first gave fewer rows than
// the limit, so a short prefix never pays for the word search; rank_group restores the
// order in code whatever the plan.
const PREFIX_THEN_WORD_SQL = `(SELECT ${COLUMNS}, 0 AS rank_group ${FROM}
    WHERE c.search_name LIKE $1 AND NOT c.disabled
    ORDER BY ${RANK} LIMIT $3)
  UNION ALL
  (SELECT ${COLUMNS}, 1 AS rank_group ${FROM}
    WHERE c.search_name LIKE $2 AND c.search_name NOT LIKE $1 AND NOT c.disabled
    ORDER BY ${RANK} LIMIT $3)
  LIMIT $3`;

// Trigram word similarity finds "marseile" in "marseille" and "etiene" in "saint etienne".
const FUZZY_SQL = `SELECT ${COLUMNS} ${FROM}
  WHERE $1 <% c.search_name AND NOT c.disabled
  ORDER BY word_similarity($1, c.search_name) DESC, ${RANK} LIMIT $2`;

const CODE_SQL = `WITH matches AS (
    SELECT id FROM cityhalls WHERE insee_code LIKE $1
    UNION
    SELECT cityhall_id FROM cityhall_postal_codes WHERE postal_code LIKE $1
  )
  SELECT ${COLUMNS} FROM matches m JOIN cityhalls c ON c.id = m.id ${COMMUNE_JOINS}
  WHERE NOT c.disabled ORDER BY ${RANK} LIMIT $2`;

/** Postal codes are digits; INSEE codes of Corsica start with 2A or 2B. */
const CODE = /^(\d{1,5}|2[ab]\d{0,3})$/;

export async function getCityhallSuggestions(db: Db, params: { q?: string; limit: number }): Promise<CityhallSuggestion[]> {
  const term = searchTerm(params.q);
  const limit = params.limit;
  if (!term.text) return (await namedQuery<Row>(db, "cityhalls_top", TOP_SQL, [limit])).map(toSuggestion);
  if (CODE.test(term.text)) {
    const code = term.text.toUpperCase();
    return (await namedQuery<Row>(db, "cityhalls_code", CODE_SQL, [`${code}%`, limit])).map(toSuggestion);
  }
  const rows = await namedQuery<Row & { rank_group: number }>(db, "cityhalls_prefix_word", PREFIX_THEN_WORD_SQL, [term.prefix, term.word, limit]);
  if (rows.length > 0) return rows.sort((a, b) => Number(a.rank_group) - Number(b.rank_group)).map(toSuggestion);
  return (await namedQuery<Row>(db, "cityhalls_fuzzy", FUZZY_SQL, [term.text, limit])).map(toSuggestion);
}

function toSuggestion(row: Row): CityhallSuggestion {
  const commune = toCommuneRecord(row);
  return {
    id: commune.id,
    name: commune.name,
    slug: commune.slug,
    insee_code: commune.inseeCode,
    postal_codes: commune.postalCodes,
    department: { code: commune.departmentCode, name: commune.departmentName },
    population: commune.population,
  };
}
