// npm run bench (deals board part): GET /api/v1/deals as an advisor over 50,000 seeded
// funeral, flower and monument deals with their deceased and owners, with the board's
// searches (a deal number, the start of a surname, a first name, a commune) and filters
// (state, kind, advisor, creation days), one request at a time so each time is the
// server's own. Reports p50/p95/max per kind of query and overall, against the 50 ms goal.
// In process, on PGlite (or on DATABASE_URL's PostgreSQL when set, e.g. through
// node scripts/with-postgres.mjs).
//   tsx bench/deals-list.ts [--deals 50000] [--requests 400] [--explain lyon]
// (--explain prints the plans of the list's two queries for that search, then stops.)
import { count, desc, eq, sql, type SQL } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { deals } from "@/server/db/schema/deals";
import { businessUsers } from "@/server/db/schema/users";
import { dealListWhere } from "@/server/services/deals/read-deals";
import { searchTerm } from "@/server/services/search-text";
import { seedDatabase } from "@/server/db/seed/seed";
import { createSession } from "@/server/services/auth/sessions";
import { arg, percentile } from "./bench-kit";

const total = Number(arg("deals", "50000"));
const requests = Number(arg("requests", "400"));
const GOAL_MS = 50;
const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 4 } : {});
const db = database.db;
await seedDatabase(db, { accounts: true });

const SURNAMES = ["Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard", "Durand", "Dubois", "Moreau", "Laurent", "Simon", "Michel", "Lefèvre", "Leroy", "Roux", "David", "Bertrand", "Morel", "Fournier", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine", "Rousseau", "Vincent", "Müller", "Lefebvre", "Faure", "André", "Mercier", "Blanc", "Guérin", "Boyer", "Garnier", "Chevalier", "François", "Legrand", "Gauthier", "Garcia", "Perrin", "Robin", "Clément", "Morin", "Nicolas", "Henry", "Roussel", "Mathieu", "Gautier", "Masson", "Quintavalle", "N'Diaye", "Nguyen", "Benali", "Kowalski"];
const FIRSTNAMES = ["Jeanne", "Marie", "Louis", "Pierre", "Hélène", "André", "Élise", "Jacques", "Monique", "Michel", "Françoise", "Henri", "Suzanne", "Paul", "Odette", "Marcel", "Yvonne", "Robert", "Simone", "Lucien"];
const STATES = ["draft", "quote_sent", "signed", "organising", "ceremony_done", "invoiced", "closed", "lost"];

async function one<Row>(query: SQL): Promise<Row> {
  return (await queryRows<Row>(db, query))[0]!;
}

/** 50,000 deals in a few statements: deceased, owners, their abilities, spread over three years. */
async function seedDeals(): Promise<void> {
  const started = performance.now();
  const arrays = sql`${`{${SURNAMES.map((s) => `"${s}"`).join(",")}}`}::text[] AS sn, ${`{${FIRSTNAMES.map((s) => `"${s}"`).join(",")}}`}::text[] AS fn, ${`{${STATES.join(",")}}`}::text[] AS st`;
  const base = async (table: string) => (await one<{ m: number }>(sql.raw(`SELECT coalesce(max(id), 0)::int AS m FROM ${table}`))).m;
  const [defunctBase, clientBase, dealBase] = [await base("defuncts"), await base("clients"), await base("deals")];
  await db.execute(sql`CREATE TEMP TABLE bench_ids AS SELECT g AS i FROM generate_series(1, ${total}) g`);
  await db.execute(sql`CREATE TEMP TABLE bench_communes AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM (SELECT id FROM cityhalls ORDER BY id LIMIT 2000) c`);
  await db.execute(sql`CREATE TEMP TABLE bench_advisors AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM business_users WHERE role IN (1, 2, 4)`);
  const { advisors } = await one<{ advisors: number }>(sql`SELECT count(*)::int AS advisors FROM bench_advisors`);
  const { communes } = await one<{ communes: number }>(sql`SELECT count(*)::int AS communes FROM bench_communes`);
  await db.execute(sql`INSERT INTO defuncts (firstname, lastname, death_date, death_cityhall_id)
    SELECT fn[1 + (i * 7) % array_length(fn, 1)], sn[1 + (i * 13) % array_length(sn, 1)], DATE '2023-01-01' + (i % 1000), c.id
    FROM bench_ids JOIN bench_communes c ON c.n = (i * 31) % ${communes}, (SELECT ${arrays}) a ORDER BY i`);
  await db.execute(sql`INSERT INTO clients (firstname, lastname, email)
    SELECT fn[1 + (i * 3) % array_length(fn, 1)], sn[1 + (i * 17) % array_length(sn, 1)], 'famille.' || i || '@bench.example.org'
    FROM bench_ids, (SELECT ${arrays}) a ORDER BY i`);
  await db.execute(sql`INSERT INTO deals (kind, state, defunct_id, advisor_id, created_at, updated_at, demo)
    SELECT (ARRAY['funeral','funeral','funeral','item','marble']::deal_kind[])[1 + i % 5], st[1 + (i * 11) % array_length(st, 1)],
           d.id, CASE WHEN i % 4 = 0 THEN NULL ELSE adv.id END, TIMESTAMPTZ '2023-11-25' + (i * INTERVAL '30 minutes'), now(), true
    FROM bench_ids
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM defuncts WHERE id > ${defunctBase}) d ON d.n = i
    JOIN bench_advisors adv ON adv.n = i % ${Math.max(advisors, 1)},
    (SELECT ${arrays}) a ORDER BY i`);
  await db.execute(sql`INSERT INTO deal_abilities (deal_id, client_id, role)
    SELECT dl.id, c.id, 'owner' FROM (SELECT id, row_number() OVER (ORDER BY id) n FROM deals WHERE id > ${dealBase}) dl
    JOIN (SELECT id, row_number() OVER (ORDER BY id) n FROM clients WHERE id > ${clientBase}) c ON c.n = dl.n`);
  // A table in service is vacuumed by autovacuum; the bulk load's owner refresh leaves dead rows it would have cleared.
  await db.execute(sql`VACUUM ANALYZE`);
  const row = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deals`);
  console.log(`seeded ${row.n} deals in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await seedDeals();
const explain = arg("explain", "");
if (explain) {
  // The list's count and page queries for this search, as the database plans and runs them.
  const where = dealListWhere({ kind: "business" }, { page: 1, per_page: 25, q: explain });
  const queries = [db.select({ value: count() }).from(deals).where(where), db.select({ id: deals.id }).from(deals).where(where).orderBy(desc(deals.createdAt), desc(deals.id)).limit(25)];
  for (const query of queries) {
    const { sql: text, params } = query.toSQL();
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
    for (const row of await queryRows<Record<string, string>>(db, sql.raw(`EXPLAIN ANALYZE ${inlined}`))) console.log(Object.values(row)[0]);
  }
  await database.close();
  process.exit(0);
}

const app = createApp({ db });
const [advisor] = await db.select({ id: businessUsers.id, email: businessUsers.email }).from(businessUsers).where(eq(businessUsers.email, "conseiller@demo.test"));
const session = await createSession(db, { realm: "business_user", userId: advisor!.id, now: new Date() });
const headers: Record<string, string> = { "access-token": session.token, client: session.clientId, uid: advisor!.email, "token-type": "Bearer" };
const { max } = await one<{ max: number }>(sql`SELECT max(id)::int AS max FROM deals`);

/** The board's questions, in a fixed order. */
function query(i: number): { kind: string; path: string } {
  const surname = SURNAMES[(i * 7) % SURNAMES.length]!;
  switch (i % 6) {
    case 0:
      return { kind: "number", path: `q=${max - (i % 5000)}` };
    case 1:
      return { kind: "surname prefix", path: `q=${encodeURIComponent(surname.slice(0, 4).toLowerCase())}` };
    case 2:
      return { kind: "name + state", path: `q=${encodeURIComponent(FIRSTNAMES[i % FIRSTNAMES.length]!)}&state=${STATES[i % STATES.length]}` };
    case 3:
      return { kind: "commune", path: `q=${encodeURIComponent(["paris", "lyon", "marseille", "ab", "saint"][i % 5]!)}` };
    case 4:
      return { kind: "filters", path: `kind=funeral&state=${STATES[i % STATES.length]}&advisor_id=${advisor!.id}&created_from=2024-0${1 + (i % 9)}-01&created_to=2025-12-31&page=${1 + (i % 3)}` };
    default:
      return { kind: "page", path: `page=${1 + (i % 40)}` };
  }
}

/** The device session rotates its token as a browser's does: the next request uses the new one. */
function keepToken(response: Response): void {
  const token = response.headers.get("access-token");
  if (token) headers["access-token"] = token;
}

// Warm-up (plans, caches), not measured.
for (let i = 0; i < 24; i++) keepToken(await app.request(`/api/v1/deals?${query(i).path}`, { headers }));
const times = new Map<string, number[]>();
for (let i = 0; i < requests; i++) {
  const { kind, path } = query(i);
  const t = performance.now();
  const response = await app.request(`/api/v1/deals?per_page=25&${path}`, { headers });
  await response.arrayBuffer();
  const ms = performance.now() - t;
  keepToken(response);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  times.set(kind, [...(times.get(kind) ?? []), ms]);
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const line = (values: number[]) => `p50 ${percentile(sorted(values), 50).toFixed(1)} ms  p95 ${percentile(sorted(values), 95).toFixed(1)} ms  max ${Math.max(...values).toFixed(1)} ms`;
const all = [...times.values()].flat();
const p95 = percentile(sorted(all), 95);
console.log(`deals list (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}): ${requests} requests over ${total} deals, one at a time`);
for (const [kind, values] of times) console.log(`  ${kind.padEnd(15)} ${line(values)}`);
console.log(`  ${"all".padEnd(15)} ${line(all)}  (goal p95 ≤ ${GOAL_MS} ms: ${p95 <= GOAL_MS ? "met" : "missed"})`);

// The same name searches, count + first page, with the deal's search columns and with the join
// they replaced (the people's own search columns), back to back so the machine's load is shared.
const legacy = (text: string) => {
  const term = searchTerm(text);
  const matches = (column: string) => sql`(${sql.raw(column)} LIKE ${term.prefix} OR ${sql.raw(column)} LIKE ${term.word})`;
  return sql`(${deals.defunctId} IN (SELECT d.id FROM defuncts d WHERE ${matches("d.search_name")})
    OR ${deals.id} IN (SELECT a.deal_id FROM deal_abilities a JOIN clients c ON c.id = a.client_id WHERE a.role = 'owner' AND ${matches("c.search_name")})
    OR ${deals.defunctId} IN (SELECT d.id FROM defuncts d JOIN cityhalls ch ON ch.id = d.death_cityhall_id WHERE ch.search_name LIKE ${term.prefix}))`;
};
const compared = { column: [] as number[], join: [] as number[] };
for (let i = 0; i < Math.min(requests, 120); i++) {
  const text = i % 2 === 0 ? SURNAMES[(i * 7) % SURNAMES.length]!.slice(0, 4) : ["paris", "lyon", "marseille", "saint"][i % 4]!;
  for (const [name, where] of [["column", dealListWhere({ kind: "business" }, { page: 1, per_page: 25, q: text })], ["join", legacy(text)]] as const) {
    const t = performance.now();
    await Promise.all([db.select({ value: count() }).from(deals).where(where), db.select({ id: deals.id }).from(deals).where(where).orderBy(desc(deals.createdAt), desc(deals.id)).limit(25)]);
    compared[name].push(performance.now() - t);
  }
}
console.log(`  name search, queries only: search columns ${line(compared.column)}; former join ${line(compared.join)}`);
await database.close();
