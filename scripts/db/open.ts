import { serverEnv } from "@/config/env";
import { openDatabase, pgliteDataDir, type Database } from "@/server/db/client";

/** The configured database (PostgreSQL through DATABASE_URL, else PGlite under DATA_DIR), migrated. */
export function openConfiguredDatabase(options: { migrate?: boolean } = {}): Promise<Database> {
  const env = serverEnv();
  return openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, migrate: options.migrate } : { dataDir: pgliteDataDir(env.DATA_DIR), migrate: options.migrate });
}

export function describeTarget(): string {
  const env = serverEnv();
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
  }
  return `PGlite ${pgliteDataDir(env.DATA_DIR)}`;
}

/** Runs a script body and exits with a readable message instead of a stack on failure. */
export async function main(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    console.error(`✖ ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) console.error(error);
    process.exit(1);
  }
}
