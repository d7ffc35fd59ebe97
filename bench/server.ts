// The API alone, on node:http, over a freshly seeded database: PGlite in memory (or in
// --data-dir, kept across restarts), or the PostgreSQL of DATABASE_URL (scripts/with-postgres.mjs
// provides one). With --worker inline it runs the job worker too, as the app process does.
//   tsx bench/server.ts --port 3999 [--cache off] [--data-dir DIR] [--worker inline]
import { serverEnv } from "@/config/env";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { seedDatabase } from "@/server/db/seed/seed";
import { serveNode } from "@/server/http/node-server";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { startWorker } from "@/server/jobs/worker";

const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
};
const port = Number(arg("port", "3999"));
const cache = arg("cache", "on") !== "off";
const dataDir = arg("data-dir", "");
const inlineWorker = arg("worker", "off") === "inline";

const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 10 } : dataDir ? { dataDir } : {});
const seed = await seedDatabase(database.db, { accounts: false });
const app = createApp({ db: database.db, autocompleteCache: cache ? {} : { maxEntries: 0 } });
let inFlight = 0;
const server = await serveNode(
  async (request) => {
    inFlight++;
    try {
      return await app.fetch(request);
    } finally {
      inFlight--;
    }
  },
  { port },
);
const worker = inlineWorker
  ? startWorker({
      db: database.db,
      handlers: JOB_HANDLERS,
      // As the app process does (src/server/jobs/runtime.ts): one lane on the single PGlite connection.
      concurrency: database.driver === "pglite" ? 1 : env.JOBS_CONCURRENCY,
      batch: database.driver === "pglite" ? 4 : 10,
      lockMs: env.JOBS_LOCK_SECONDS * 1000,
      recoverOnStart: database.driver === "pglite",
    })
  : null;
console.log(JSON.stringify({ event: "listening", port, engine: database.driver, cache, seedMs: seed.totalMs, seedSteps: seed.steps }));

// Stop accepting, let the requests in flight finish (a client may have hung up on them), then close the database.
const stop = () => {
  server.close();
  server.closeIdleConnections();
  const finish = () =>
    inFlight > 0 ? setTimeout(finish, 20) : void Promise.resolve(worker?.stop()).then(() => database.close()).finally(() => process.exit(0));
  finish();
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
