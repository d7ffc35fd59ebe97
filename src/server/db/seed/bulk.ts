import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

/**
 * Runs a bulk load with the table's plain (non-unique) indexes dropped and then rebuilt
 * from their own definitions: building a trigram index once is several times faster
 * than updating it row by row, and reading the definitions keeps the migrations the
 * only place they are written.
 */
export async function withIndexesRebuilt<T>(db: Db, tables: string[], load: () => Promise<T>): Promise<T> {
  const result = await queryRows<{ name: string; definition: string }>(db, sql`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND t.relname IN (${sql.join(tables.map((t) => sql`${t}`), sql`, `)})
      AND NOT x.indisunique AND NOT x.indisprimary`);
  for (const index of result) await db.execute(sql.raw(`DROP INDEX ${quoteIdent(index.name)}`));
  const value = await load();
  for (const index of result) await db.execute(sql.raw(index.definition));
  return value;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
