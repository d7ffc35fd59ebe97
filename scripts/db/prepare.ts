// npm run db:prepare (run by npm start): creates the database on first run, migrates and seeds it.
import { serverEnv } from "@/config/env";
import { seedDatabase } from "@/server/db/seed/seed";
import { describeTarget, main, openConfiguredDatabase } from "./open";

await main("db:prepare", async () => {
  const started = performance.now();
  const database = await openConfiguredDatabase();
  try {
    const report = await seedDatabase(database.db, {
      accounts: serverEnv().NODE_ENV !== "production",
      log: (line) => console.log(line),
    });
    const what = report.seeded ? `migrated and seeded (${report.totalMs} ms of seeding)` : "migrated, data already present";
    console.log(`✔ database ready: ${describeTarget()}, ${what}, ${Math.round(performance.now() - started)} ms`);
  } finally {
    await database.close();
  }
});
