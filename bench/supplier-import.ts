// npm run bench (directory part, issue 15): POST /api/v1/suppliers/import of a CSV of
// 2,000 suppliers, each with a warehouse holding 3 products, a price zone holding 2 funeral
// works and a coverage entry (two levels of sub-items), as an advisor, through the whole API.
// Then the export imported back (nothing to write) and the file with one broken line at the
// end (refused, nothing written). Goal: each import < 30 s. In process, on PGlite (or on
// DATABASE_URL's PostgreSQL when set).
//   tsx bench/supplier-import.ts [--suppliers 2000]
import { count, inArray } from "drizzle-orm";
import { csvLine } from "@/domain/directory/csv";
import { products } from "@/server/db/schema/catalog";
import { funeralWorkTypes } from "@/server/db/schema/partners";
import { supplierWarehouseProducts, suppliers } from "@/server/db/schema/suppliers";
import { arg } from "./bench-kit";
import { openImportBench } from "./import-kit";

const total = Number(arg("suppliers", "2000"));
const { db, engine, close, exportCsv, timed } = await openImportBench();
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

const countRows = async () => [(await db.select({ n: count() }).from(suppliers))[0]!.n, (await db.select({ n: count() }).from(supplierWarehouseProducts))[0]!.n];
console.log(`supplier import (${engine}): ${total} suppliers with a warehouse of 3 products, a zone of 2 works, a coverage`);
const [suppliersBefore, productsBefore] = await countRows();
await timed(`import ${total} new`, "/api/v1/suppliers/import", csv(total), 200);
const [suppliersAfter, productsAfter] = await countRows();
if (suppliersAfter !== suppliersBefore! + total || productsAfter !== productsBefore! + total * productIds.length) throw new Error("not every line was written");

const text = await exportCsv("/api/v1/suppliers/export.csv");
await timed(`import the export back (${suppliersAfter} lines)`, "/api/v1/suppliers/import", text, 200);

await timed(`import ${total} new + 1 broken line`, "/api/v1/suppliers/import", csv(total, true).replace(/bench /g, "bench2 "), 422);
const [suppliersEnd] = await countRows();
if (suppliersEnd !== suppliersAfter) throw new Error("a refused import wrote lines");
await close();
