// npm run bench (marble part): the tombstone catalogue's product listing as the configurator
// calls it on every filter change — shapes, sizes, budget, a granite, a free-text search and
// paging — sequentially then 20 at a time. Reports p50/p95 of GET /api/v1/marble_funnel/products
// and of GET …/filters, and checks every answer is a 200 with the page it asked for.
// In process, on PGlite (or on DATABASE_URL's PostgreSQL when set).
//   tsx bench/marble.ts [--requests 400]
import { serverEnv } from "@/config/env";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { graveyards } from "@/server/db/schema/partners";
import { seedDatabase } from "@/server/db/seed/seed";
import { arg, percentile } from "./bench-kit";

const requests = Number(arg("requests", "400"));
const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 10 } : {});
await seedDatabase(database.db, { accounts: false });
const app = createApp({ db: database.db });
const [graveyard] = await database.db.select({ id: graveyards.id }).from(graveyards).limit(1);

/** The queries a family makes while narrowing the catalogue down. */
const QUERIES = [
  "per_page=12",
  "per_page=12&page=2",
  "shape=traditional,contemporary&per_page=12",
  "size=double&sort=price_desc",
  "size=cinerary&granite_code=GRA-NOIR-FIN",
  "min_price_cents=150000&max_price_cents=300000",
  "q=croix",
  "q=%C3%A9l%C3%A9gance",
  "q=cineraire&granite_code=GRA-ROSE-CLARTE&per_page=6",
  "shape=heart,book&size=single&q=m&granite_code=GRA-HIMALAYA",
];

async function timed(path: string): Promise<number> {
  const t = performance.now();
  const response = await app.request(path);
  const body = (await response.json()) as { products?: unknown[] };
  const ms = performance.now() - t;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  if (path.includes("/products") && !Array.isArray(body.products)) throw new Error(`${path} answered no products`);
  return ms;
}

const productPaths = Array.from({ length: requests }, (_, i) => `/api/v1/marble_funnel/products?${QUERIES[i % QUERIES.length]}`);
// Warm-up: the first query of each shape plans and caches.
for (const query of QUERIES) await timed(`/api/v1/marble_funnel/products?${query}`);

const sequential: number[] = [];
for (const path of productPaths) sequential.push(await timed(path));
const concurrent: number[] = [];
const CONCURRENCY = 20;
for (let i = 0; i < productPaths.length; i += CONCURRENCY) {
  concurrent.push(...(await Promise.all(productPaths.slice(i, i + CONCURRENCY).map(timed))));
}
const filters: number[] = [];
for (let i = 0; i < 50; i++) filters.push(await timed(i % 2 ? "/api/v1/marble_funnel/filters" : `/api/v1/marble_funnel/filters?graveyard_id=${graveyard!.id}`));

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const line = (label: string, values: number[]) =>
  `  ${label.padEnd(34)} p50 ${percentile(sorted(values), 50).toFixed(1)} ms  p95 ${percentile(sorted(values), 95).toFixed(1)} ms  (${values.length} requests)`;
console.log(`marble catalogue (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}): GET /api/v1/marble_funnel/products with filters, q and paging`);
console.log(line("products, one at a time", sequential));
console.log(line(`products, ${CONCURRENCY} at a time`, concurrent));
console.log(line("filters", filters));
await database.close();
