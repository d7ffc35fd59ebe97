import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client";
import { columnName } from "@/server/services/directory/columns";

function toJson(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([p, v]) => [p === "id" ? "id" : columnName(table, p), v instanceof Date ? v.toISOString() : v]));
}

/**
 * Many new rows of one table in one statement per batch, as one JSON parameter rather than
 * thousands of bound ones (much faster on PGlite). Columns no row gives keep their default.
 */
export async function bulkInsert(db: Db, table: PgTable, rows: readonly Record<string, unknown>[], batch = 2000): Promise<void> {
  const name = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += batch) {
    const slice = rows.slice(i, i + batch);
    const properties = [...new Set(slice.flatMap((row) => Object.keys(row)))];
    const columns = sql.join(properties.map((p) => sql.identifier(p === "id" ? "id" : columnName(table, p))), sql`, `);
    await db.execute(sql`INSERT INTO ${name} (${columns})
      SELECT ${columns} FROM jsonb_populate_recordset(NULL::${name}, ${JSON.stringify(slice.map((row) => toJson(table, row)))}::jsonb)`);
  }
}

/**
 * Many rows of one table changed in one statement per batch: each row (its id and the
 * properties to set) travels as JSON and PostgreSQL turns it into a row of the table's own
 * type (jsonb_populate_record), so every column type — arrays, enums, numbers — is cast
 * as the table declares it. Rows of a batch set the same properties (grouped by caller).
 */
export async function bulkUpdate(db: Db, table: PgTable, rows: readonly Record<string, unknown>[], batch = 500): Promise<void> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = Object.keys(row).filter((k) => k !== "id").sort().join(",");
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const name = sql.identifier(getTableName(table));
  for (const [key, group] of groups) {
    if (!key) continue;
    const properties = key.split(",");
    const assignments = sql.join(properties.map((p) => sql`${sql.identifier(columnName(table, p))} = r.${sql.identifier(columnName(table, p))}`), sql`, `);
    for (let i = 0; i < group.length; i += batch) {
      const docs = group.slice(i, i + batch).map((row) => toJson(table, row));
      await db.execute(sql`UPDATE ${name} AS t SET ${assignments}
        FROM (SELECT r.* FROM jsonb_array_elements(${JSON.stringify(docs)}::jsonb) e, jsonb_populate_record(NULL::${name}, e) r) r
        WHERE t.id = r.id`);
    }
  }
}
