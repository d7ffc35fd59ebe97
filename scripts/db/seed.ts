// npm run db:seed: migrates, then seeds reference and demo data when the database is empty.
import { serverEnv } from "@/config/env";
import { seedDatabase } from "@/server/db/seed/seed";
import { describeTarget, main, openConfiguredDatabase } from "./open";

await main("db:seed", async () => {
  const database = await openConfiguredDatabase();
  try {
    console.log(`Seeding ${describeTarget()}`);
    const report = await seedDatabase(database.db, { accounts: serverEnv().NODE_ENV !== "production", log: console.log });
    console.log(report.seeded ? `✔ seeded in ${report.totalMs} ms` : "✔ already seeded: nothing to do");
  } finally {
    await database.close();
  }
});
