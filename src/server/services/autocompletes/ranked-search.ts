import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { searchTerm } from "@/server/services/search-text";
import { queryRows } from "@/server/db/query";

/**
 * The search every small table shares: names starting with the text first, then names
 * with a word starting with it, then fuzzy (trigram) matches, best first. `column` is a
 * search_name column (see searchName() in the schema) or an expression of them.
 */
export interface RankedSearch {
  select: SQL;
  from: SQL;
  column: SQL;
  where?: SQL;
  /** Order of equally good matches, and of everything when nothing was typed. */
  order: SQL;
}

export async function rankedSearch<Row extends Record<string, unknown>>(db: Db, search: RankedSearch, q: string | undefined, limit: number): Promise<Row[]> {
  const term = searchTerm(q);
  const where = search.where ?? sql`TRUE`;
  if (!term.text) {
    const result = await queryRows<Row>(db, sql`SELECT ${search.select} FROM ${search.from} WHERE ${where} ORDER BY ${search.order} LIMIT ${limit}`);
    return result;
  }
  const column = search.column;
  const prefix = sql`${column} LIKE ${term.prefix}`;
  const word = sql`${column} LIKE ${term.word}`;
  const result = await queryRows<Row>(db, sql`
    SELECT ${search.select} FROM ${search.from}
    WHERE ${where} AND (${prefix} OR ${word} OR ${term.text} <% ${column})
    ORDER BY CASE WHEN ${prefix} THEN 0 WHEN ${word} THEN 1 ELSE 2 END, word_similarity(${term.text}, ${column}) DESC, ${search.order}
    LIMIT ${limit}`);
  return result;
}
