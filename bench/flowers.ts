// npm run bench (flowers part): the flowers catalogue's listing as the funnel asks for it,
// GET /api/v1/flower_funnel/products with filters, search and paging, plus the filter
// counts. Reports p50/p95 per kind of query. In process, on PGlite (or on DATABASE_URL's
// PostgreSQL when set).
//   tsx bench/flowers.ts [--requests 400]
import { serverEnv } from "@/config/env";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { seedDatabase } from "@/server/db/seed/seed";
import { arg, percentile } from "./bench-kit";

const requests = Number(arg("requests", "400"));
const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 10 } : {});
await seedDatabase(database.db, { accounts: false });
const app = createApp({ db: database.db });

/** What families click: a first page, a type, colours and a budget, a word typed, a later page, the filter counts. */
const QUERIES: Record<string, string[]> = {
  "listing, no filter": ["/api/v1/flower_funnel/products", "/api/v1/flower_funnel/products?sort=price_asc"],
  "listing, filters": [
    "/api/v1/flower_funnel/products?type=wreath",
    "/api/v1/flower_funnel/products?type=spray,cushion&colour=white,pink&budget=100_150,150_250",
    "/api/v1/flower_funnel/products?flower=rose&place=home&sort=price_desc",
  ],
  "listing, q": ["/api/v1/flower_funnel/products?q=roses%20blanches", "/api/v1/flower_funnel/products?q=C%C5%92UR&type=heart", "/api/v1/flower_funnel/products?q=couronne&page=2&per_page=4"],
  "filter counts": ["/api/v1/flower_funnel/filters", "/api/v1/flower_funnel/filters?colour=red&budget=150_250"],
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
console.log(`flowers catalogue (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}): ${requests} requests per kind, one at a time`);
for (const [kind, paths] of Object.entries(QUERIES)) {
  // Warm the statement cache and the planner first, as a running server would be.
  for (const path of paths) await app.request(path);
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const path = paths[i % paths.length]!;
    const t = performance.now();
    const response = await app.request(path);
    await response.arrayBuffer();
    times.push(performance.now() - t);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  }
  console.log(`  ${kind.padEnd(20)} p50 ${percentile(sorted(times), 50).toFixed(1)} ms  p95 ${percentile(sorted(times), 95).toFixed(1)} ms`);
}
await database.close();
