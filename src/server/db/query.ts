import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import type { SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/**
 * Runs one hot, hand-written statement by name. On PostgreSQL a named statement is
 * parsed and planned once per connection, then only executed; PGlite runs in-process
 * and has no network round trip to save. Use it for the few queries on the request
 * path of every keystroke (autocompletes); everything else goes through Drizzle.
 */
export async function namedQuery<Row>(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: Pool | PGlite }).$client;
  if (isPool(client)) {
    const result = await client.query({ name, text, values });
    return result.rows as Row[];
  }
  const result = await client.query<Row>(text, values);
  return result.rows;
}

function isPool(client: Pool | PGlite): client is Pool {
  return typeof (client as Pool).connect === "function" && "totalCount" in client;
}

/** Rows of a hand-written SQL statement; both drivers answer `{ rows }`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
