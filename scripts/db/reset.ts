// npm run db:reset: deletes every table and row, then migrates and seeds again. Development only.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import { pgliteDataDir } from "@/server/db/client";
import { seedDatabase } from "@/server/db/seed/seed";
import { describeTarget, main, openConfiguredDatabase } from "./open";

await main("db:reset", async () => {
  const env = serverEnv();
  if (env.NODE_ENV === "production" && !process.argv.includes("--force")) {
    throw new Error("refusing to reset a production database (pass --force to really do it)");
  }
  if (env.DATABASE_URL) {
    const database = await openConfiguredDatabase({ migrate: false });
    await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await database.db.execute(sql`DROP SCHEMA public CASCADE`);
    await database.db.execute(sql`CREATE SCHEMA public`);
    await database.close();
  } else {
    rmSync(pgliteDataDir(env.DATA_DIR), { recursive: true, force: true });
  }
  const database = await openConfiguredDatabase();
  try {
    const report = await seedDatabase(database.db, { accounts: env.NODE_ENV !== "production", log: console.log });
    console.log(`✔ ${describeTarget()} reset and seeded in ${report.totalMs} ms`);
  } finally {
    await database.close();
  }
});
