import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import pg from "pg";
import { openDatabase, pgliteClientOf, type Database } from "@/server/db/client";
import { seedDatabase } from "@/server/db/seed/seed";

/**
 * A migrated and seeded database for each test file, fast: the seed runs once into a
 * template (a PGlite data-dir dump, or a PostgreSQL template database) that every file
 * then copies. The template is keyed by the sources that shape it, so editing a
 * migration or the seed rebuilds it and nothing else does.
 */

const root = process.cwd();
const cacheDir = join(root, "node_modules", ".cache", "paisible-tests");

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Hash of everything that changes the seeded database. */
export function templateKey(): string {
  const hash = createHash("sha256");
  const sources = [
    ...filesUnder(join(root, "src", "server", "db")),
    join(root, "src", "domain", "schemas"),
    join(root, "src", "domain", "flowers"),
    join(root, "src", "domain", "editable-documents"),
    join(root, "src", "domain", "slug.ts"),
    join(root, "package-lock.json"),
  ].flatMap((p) => (existsSync(p) && statSync(p).isDirectory() ? filesUnder(p) : [p]));
  for (const file of sources.filter((f) => existsSync(f)).sort()) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PGlite template dump, built by the first test file that needs it (others wait for it). */
async function pgliteTemplate(): Promise<Blob> {
  mkdirSync(cacheDir, { recursive: true });
  const key = templateKey();
  const file = join(cacheDir, `pglite-${key}.tar.gz`);
  const lock = join(cacheDir, `pglite-${key}.lock`);
  for (let waited = 0; !existsSync(file); waited += 200) {
    try {
      mkdirSync(lock);
    } catch {
      // Another test process is building it; a lock older than 5 minutes is from a crashed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(file)) {
        const database = await openDatabase({});
        await seedDatabase(database.db, { accounts: true });
        const dump = await pgliteClientOf(database.db)!.dumpDataDir("gzip");
        await database.close();
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
        for (const old of readdirSync(cacheDir)) if (old.startsWith("pglite-") && !old.startsWith(`pglite-${key}`)) rmSync(join(cacheDir, old), { force: true });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
    if (waited > 600_000) throw new Error("timed out waiting for the test database template");
  }
  return new Blob([readFileSync(file)]);
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// Any fixed number: test processes building the PostgreSQL template wait for each other.
const TEMPLATE_LOCK = 424_242_001;

/** A fresh PostgreSQL database copied from the seeded template database. */
async function postgresFromTemplate(databaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = `paisible_template_${templateKey()}`;
  const name = `paisible_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${template}"`);
      try {
        const database = await openDatabase({ databaseUrl: withDatabase(databaseUrl, template), poolSize: 2 });
        await seedDatabase(database.db, { accounts: true });
        await database.close();
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
        throw error;
      }
    }
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
  return {
    url: withDatabase(databaseUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => client.end());
    },
  };
}

export interface TestDatabase extends Database {
  /** Which engine the tests run on: both are tested (DESIGN "Data"). */
  engine: "pglite" | "postgres";
}

/** A migrated, seeded database of its own for one test file. DATABASE_URL selects PostgreSQL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const copy = await postgresFromTemplate(databaseUrl);
    const database = await openDatabase({ databaseUrl: copy.url, poolSize: 4 });
    return {
      ...database,
      engine: "postgres",
      async close() {
        await database.close();
        await copy.drop();
      },
    };
  }
  const database = await openDatabase({ loadDataDir: await pgliteTemplate() });
  return { ...database, engine: "pglite" };
}
