// The API alone, on node:http, over a freshly seeded database: PGlite in memory, or the
// PostgreSQL of DATABASE_URL (scripts/with-postgres.mjs provides one).
//   tsx bench/server.ts --port 3999 [--cache off]
import { serverEnv } from "@/config/env";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { seedDatabase } from "@/server/db/seed/seed";
import { serveNode } from "@/server/http/node-server";

const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
};
const port = Number(arg("port", "3999"));
const cache = arg("cache", "on") !== "off";

const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 10 } : {});
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
console.log(JSON.stringify({ event: "listening", port, engine: database.driver, cache, seedMs: seed.totalMs, seedSteps: seed.steps }));

// Stop accepting, let the requests in flight finish (a client may have hung up on them), then close the database.
const stop = () => {
  server.close();
  server.closeIdleConnections();
  const finish = () => (inFlight > 0 ? setTimeout(finish, 20) : void database.close().finally(() => process.exit(0)));
  finish();
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
