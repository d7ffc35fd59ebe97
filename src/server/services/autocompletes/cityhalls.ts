import type { Db } from "@/server/db/client";
import { namedQuery } from "@/server/db/query";
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

interface Row {
  id: number;
  name: string;
  slug: string;
  insee_code: string;
  postal_codes: string[];
  population: number | null;
  department_code: string;
  department_name: string;
}

const COLUMNS = `c.id, c.name, c.slug, c.insee_code, c.postal_codes, c.population, d.code AS department_code, d.name AS department_name`;
const FROM = `FROM cityhalls c JOIN departments d ON d.code = c.department_code`;
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
  SELECT ${COLUMNS} FROM matches m JOIN cityhalls c ON c.id = m.id JOIN departments d ON d.code = c.department_code
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
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    insee_code: row.insee_code,
    postal_codes: row.postal_codes ?? [],
    department: { code: row.department_code, name: row.department_name },
    population: row.population === null ? null : Number(row.population),
  };
}
