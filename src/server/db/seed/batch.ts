import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client";

/** Inserts rows in statements of `size` rows: one round trip per thousand communes instead of one per row. */
export async function insertInBatches<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][], size = 1000): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size));
  }
}
