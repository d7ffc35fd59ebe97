import type { Db } from "@/server/db/client";
import { namedQuery } from "@/server/db/query";
import { prefixUpperBound, searchTerm, wordPattern } from "@/server/services/search-text";

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

const PREFIX_SQL = `SELECT ${COLUMNS} ${FROM}
  WHERE c.search_name COLLATE "C" >= $1 AND c.search_name COLLATE "C" < $2 AND NOT c.disabled
  ORDER BY ${RANK} LIMIT $3`;

// A later word of the name starts with the text (the trigram index serves this LIKE); names
// starting with it are already listed.
const WORD_SQL = `SELECT ${COLUMNS} ${FROM}
  WHERE c.search_name LIKE $1 AND NOT (c.search_name COLLATE "C" >= $2 AND c.search_name COLLATE "C" < $3) AND NOT c.disabled
  ORDER BY ${RANK} LIMIT $4`;

// Trigram word similarity finds "marseile" in "marseille" and "etiene" in "saint etienne".
const FUZZY_SQL = `SELECT ${COLUMNS} ${FROM}
  WHERE $1 <% c.search_name AND NOT c.disabled
  ORDER BY word_similarity($1, c.search_name) DESC, ${RANK} LIMIT $2`;

const CODE_SQL = `WITH matches AS (
    SELECT id FROM cityhalls WHERE insee_code COLLATE "C" >= $1 AND insee_code COLLATE "C" < $2
    UNION
    SELECT cityhall_id FROM cityhall_postal_codes WHERE postal_code COLLATE "C" >= $1 AND postal_code COLLATE "C" < $2
  )
  SELECT ${COLUMNS} FROM matches m JOIN cityhalls c ON c.id = m.id JOIN departments d ON d.code = c.department_code
  WHERE NOT c.disabled ORDER BY ${RANK} LIMIT $3`;

/** Postal codes are digits; INSEE codes of Corsica start with 2A or 2B. */
const CODE = /^(\d{1,5}|2[ab]\d{0,3})$/;

export async function getCityhallSuggestions(db: Db, params: { q?: string; limit: number }): Promise<CityhallSuggestion[]> {
  const term = searchTerm(params.q);
  const limit = params.limit;
  if (!term.text) return (await namedQuery<Row>(db, "cityhalls_top", TOP_SQL, [limit])).map(toSuggestion);
  if (CODE.test(term.text)) {
    const code = term.text.toUpperCase();
    return (await namedQuery<Row>(db, "cityhalls_code", CODE_SQL, [code, prefixUpperBound(code), limit])).map(toSuggestion);
  }
  const rows = await namedQuery<Row>(db, "cityhalls_prefix", PREFIX_SQL, [term.from, term.to, limit]);
  if (rows.length < limit) {
    rows.push(...(await namedQuery<Row>(db, "cityhalls_word", WORD_SQL, [wordPattern(term.text), term.from, term.to, limit - rows.length])));
  }
  if (rows.length === 0) rows.push(...(await namedQuery<Row>(db, "cityhalls_fuzzy", FUZZY_SQL, [term.text, limit])));
  return rows.map(toSuggestion);
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
