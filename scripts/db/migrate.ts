// npm run db:migrate: applies the committed SQL migrations to the configured database.
import { describeTarget, main, openConfiguredDatabase } from "./open";

await main("db:migrate", async () => {
  const started = performance.now();
  const database = await openConfiguredDatabase();
  await database.close();
  console.log(`✔ migrations applied to ${describeTarget()} in ${Math.round(performance.now() - started)} ms`);
});
