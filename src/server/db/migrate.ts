import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Db, Driver } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

/** The committed SQL migrations; read from disk at run time (the app always starts from the project root). */
export function migrationsFolder(): string {
  return join(process.cwd(), "src", "server", "db", "migrations");
}

// Any fixed number: every process that migrates the same PostgreSQL database takes this lock.
const MIGRATION_LOCK = 724_311_905;

/** Applies pending migrations; on PostgreSQL several starting processes wait for each other. */
export async function runMigrations(db: Db, driver: Driver): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (driver === "pglite") {
    await migratePglite(db as unknown as PgliteDatabase<Record<string, unknown>>, config);
    return;
  }
  const pool = (db as unknown as { $client: import("pg").Pool }).$client;
  const lockClient = await pool.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrateNodePostgres(db as unknown as NodePgDatabase<Record<string, unknown>>, config);
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
}

/** Whether the reference data is there (the seed fills an empty database only). */
export async function isSeeded(db: Db): Promise<boolean> {
  const result = await queryRows<{ seeded: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM cityhalls) AS seeded`);
  return Boolean(result[0]?.seeded);
}
