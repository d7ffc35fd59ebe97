import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { serverEnv } from "@/config/env";
import { runMigrations } from "@/server/db/migrate";
import { installQueryErrorRedaction } from "@/server/db/redact-query-errors";
import { schema, type Schema } from "@/server/db/schema-registry";

/**
 * The database handle services take as their first argument. The same Drizzle API and
 * the same SQL run on embedded PGlite (default) and on PostgreSQL (DATABASE_URL).
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Driver = "pglite" | "postgres";

export interface Database {
  db: Db;
  driver: Driver;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** Folder of the PGlite files; omitted (with no databaseUrl) means in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests load a migrated and seeded template). */
  loadDataDir?: Blob | File;
  migrate?: boolean;
  poolSize?: number;
}

export const CASING = "snake_case" as const;

// Failed queries never carry their values (names, e-mails, phones) into an error, hence a log.
installQueryErrorRedaction();

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

export function pgliteDb(client: PGlite): Db {
  return drizzlePglite({ client, schema, casing: CASING }) as unknown as Db;
}

export function postgresDb(pool: pg.Pool): Db {
  return drizzleNodePostgres({ client: pool, schema, casing: CASING }) as unknown as Db;
}

/** Raw access to the underlying client, for the few things Drizzle has no API for (dumps). */
const pgliteClients = new WeakMap<Db, PGlite>();
export function pgliteClientOf(db: Db): PGlite | undefined {
  return pgliteClients.get(db);
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    let closed = false;
    // The autocompletes run as named statements (prepared once per connection); a custom plan
    // for each execution lets the planner see the LIKE prefix ('lyo%') and use its statistics
    // and pattern indexes, which the generic plan of a prepared statement cannot.
    pool.on("connect", (client) => {
      client.query("SET plan_cache_mode = force_custom_plan").catch(() => undefined);
    });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on("error", (error) => {
      if (!closed) console.error("[db] idle PostgreSQL client error:", error.message);
    });
    database = {
      db: postgresDb(pool),
      driver: "postgres",
      close: () => {
        closed = true;
        return pool.end();
      },
    };
  } else {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
      // Embedded single-user store: do not wait for each fsync; a crash loses at most the last moments.
      relaxedDurability: true,
    });
    const db = pgliteDb(client);
    pgliteClients.set(db, client);
    database = { db, driver: "pglite", close: () => client.close() };
  }
  if (options.migrate !== false) {
    try {
      await runMigrations(database.db, database.driver);
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
  }
  return database;
}

/** Where the embedded database lives under DATA_DIR. */
export function pgliteDataDir(dataDir: string): string {
  return join(resolve(dataDir), "pglite");
}

type GlobalWithDb = typeof globalThis & { __paisibleDatabase?: Promise<Database> };

/**
 * The process-wide database: PGlite is a single-connection embedded engine, so there
 * must be exactly one per process. Kept on globalThis so Next.js dev hot reloads reuse it.
 */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as GlobalWithDb;
  if (!holder.__paisibleDatabase) {
    const env = serverEnv();
    const opening = openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: pgliteDataDir(env.DATA_DIR) },
    );
    // A failed open is retried on the next request instead of being cached forever.
    opening.catch(() => {
      if (holder.__paisibleDatabase === opening) holder.__paisibleDatabase = undefined;
    });
    holder.__paisibleDatabase = opening;
  }
  return holder.__paisibleDatabase;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
