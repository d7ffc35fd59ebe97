// npm run bench (directory part, issue 15): POST /api/v1/suppliers/import of a CSV of
// 2,000 suppliers, each with a warehouse holding 3 products, a price zone holding 2 funeral
// works and a coverage entry (two levels of sub-items), as an advisor, through the whole API.
// Then the export imported back (nothing to write) and the file with one broken line at the
// end (refused, nothing written). Goal: each import < 30 s. In process, on PGlite (or on
// DATABASE_URL's PostgreSQL when set).
//   tsx bench/supplier-import.ts [--suppliers 2000]
import { count, eq, inArray } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import { csvLine } from "@/domain/directory/csv";
import { createApp } from "@/server/app";
import { openDatabase } from "@/server/db/client";
import { products } from "@/server/db/schema/catalog";
import { funeralWorkTypes } from "@/server/db/schema/partners";
import { supplierWarehouseProducts, suppliers } from "@/server/db/schema/suppliers";
import { businessUsers } from "@/server/db/schema/users";
import { seedDatabase } from "@/server/db/seed/seed";
import { createSession } from "@/server/services/auth/sessions";
import { arg } from "./bench-kit";

const total = Number(arg("suppliers", "2000"));
const GOAL_MS = 30_000;
const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 4 } : {});
const db = database.db;
await seedDatabase(db, { accounts: true });

const app = createApp({ db });
const [advisor] = await db.select({ id: businessUsers.id, email: businessUsers.email }).from(businessUsers).where(eq(businessUsers.email, "conseiller@demo.test"));
const session = await createSession(db, { realm: "business_user", userId: advisor!.id, now: new Date() });
const headers: Record<string, string> = { "access-token": session.token, client: session.clientId, uid: advisor!.email, "token-type": "Bearer" };
const productIds = (await db.select({ id: products.id }).from(products).where(inArray(products.code, ["FLE-GERBE", "FLE-COUSSIN", "FLE-COEUR"]))).map((p) => p.id);
const works = (await db.select({ id: funeralWorkTypes.id }).from(funeralWorkTypes).limit(2)).map((w) => w.id);

function csv(lines: number, broken = false): string {
  const out = [csvLine(["name", "postal_code", "city", "department_code", "siret", "dependencies", "warehouses", "zones", "coverages"])];
  for (let i = 0; i < lines; i++) {
    // Départements 01-19 (there is no 20: Corsica is 2A and 2B).
    const department = String(1 + (i % 19)).padStart(2, "0");
    out.push(
      csvLine([
        `Fournisseur bench ${i}`,
        `${department}000`,
        `Ville ${i}`,
        department,
        String(10_000_000_000_000 + i),
        "flowers;marble",
        JSON.stringify([{ name: `Dépôt bench ${i}`, products: productIds.map((productId, n) => ({ product_id: productId, price_cents: 4_000 + n * 500, stock: n, lead_time_days: 2 })) }]),
        JSON.stringify([{ name: `Département ${department}`, zone_type: "department", zone_id: department, funeral_works: works.map((id, n) => ({ funeral_work_type_id: id, price_cents: 20_000 + n * 1_000 })) }]),
        JSON.stringify([{ zone_type: "department", zone_id: department }]),
      ]),
    );
  }
  if (broken) out.push(csvLine(["", "", "", "ZZ", "12", "", "[", "", ""]));
  return out.join("\n");
}

async function timed(label: string, path: string, body: string, expected: number): Promise<void> {
  const t = performance.now();
  const response = await app.request(path, { method: "POST", headers: { ...headers, "content-type": "text/csv; charset=utf-8" }, body });
  const answer = (await response.json()) as { data?: unknown; report?: { rejected: unknown[] } };
  const ms = performance.now() - t;
  const token = response.headers.get("access-token");
  if (token) headers["access-token"] = token;
  if (response.status !== expected) throw new Error(`${label}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
  const summary = answer.data ?? { rejected: answer.report?.rejected.length };
  console.log(`  ${label.padEnd(42)} ${(ms / 1000).toFixed(1)} s  ${JSON.stringify(summary).slice(0, 120)}  (goal < ${GOAL_MS / 1000} s: ${ms < GOAL_MS ? "met" : "missed"})`);
}

const countRows = async () => [(await db.select({ n: count() }).from(suppliers))[0]!.n, (await db.select({ n: count() }).from(supplierWarehouseProducts))[0]!.n];
console.log(`supplier import (${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}): ${total} suppliers with a warehouse of 3 products, a zone of 2 works, a coverage`);
const [suppliersBefore, productsBefore] = await countRows();
await timed(`import ${total} new`, "/api/v1/suppliers/import", csv(total), 200);
const [suppliersAfter, productsAfter] = await countRows();
if (suppliersAfter !== suppliersBefore! + total || productsAfter !== productsBefore! + total * productIds.length) throw new Error("not every line was written");

const exported = await app.request("/api/v1/suppliers/export.csv", { headers });
const text = await exported.text();
const token = exported.headers.get("access-token");
if (token) headers["access-token"] = token;
await timed(`import the export back (${suppliersAfter} lines)`, "/api/v1/suppliers/import", text, 200);

await timed(`import ${total} new + 1 broken line`, "/api/v1/suppliers/import", csv(total, true).replace(/bench /g, "bench2 "), 422);
const [suppliersEnd] = await countRows();
if (suppliersEnd !== suppliersAfter) throw new Error("a refused import wrote lines");
await database.close();
