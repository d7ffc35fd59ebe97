import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLine } from "@/domain/directory/csv";
import { queryRows } from "@/server/db/query";
import { products } from "@/server/db/schema/catalog";
import { supplierWarehouseProducts, suppliers } from "@/server/db/schema/suppliers";
import { airlines, airports } from "@/server/db/schema/travel";
import { createTestApp, type TestContext } from "../helpers/app";
import { call, staffHeaders } from "../helpers/directory-fixtures";

/**
 * CSV import and export of suppliers, warehouses and flights (format: src/domain/directory/csv.ts):
 * nested items travel inside their item's JSON, a broken line rejects the whole file with
 * its line, column and code, and an export imports back unchanged.
 */
let ctx: TestContext;
let advisor: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  advisor = await staffHeaders(ctx);
  for (const a of await ctx.db.select({ id: airports.id, iata: airports.iata }).from(airports).where(inArray(airports.iata, ["CDG", "NCE", "TUN", "LYS"]))) ids[a.iata] = a.id;
  for (const p of await ctx.db.select({ id: products.id, code: products.code }).from(products).where(inArray(products.code, ["FLE-GERBE", "FLE-COUSSIN", "RAP-CERCUEIL"]))) ids[p.code] = p.id;
  ids.airline = (await ctx.db.select({ id: airlines.id }).from(airlines).where(eq(airlines.iata, "TU")).limit(1))[0]!.id;
}, 60_000);
afterAll(async () => ctx?.close());

async function counts() {
  const [row] = await queryRows<{ s: number; w: number; p: number; z: number; fw: number; f: number; r: number; rp: number; h: number }>(
    ctx.db,
    sql`SELECT (SELECT count(*)::int FROM suppliers) AS s, (SELECT count(*)::int FROM supplier_warehouses) AS w, (SELECT count(*)::int FROM supplier_warehouse_products) AS p,
      (SELECT count(*)::int FROM supplier_zones) AS z, (SELECT count(*)::int FROM supplier_zone_funeral_works) AS fw, (SELECT count(*)::int FROM flights) AS f,
      (SELECT count(*)::int FROM flight_rates) AS r, (SELECT coalesce(sum(price_cents), 0)::int FROM flight_rates) AS rp, (SELECT count(*)::int FROM directory_changes) AS h`,
  );
  return row!;
}

type Report = { created: number; updated: number; total: number; rejected: { line: number; column: string | null; code: string }[] };

/** The import's report: 200 with it as data, or 422 `directory_import__lines__rejected` with it as report. */
async function importText(segment: string, text: string): Promise<{ status: number; body: Report }> {
  const answer = await call(ctx, "POST", `/api/v1/${segment}/import`, { ...advisor, "content-type": "text/csv" }, text);
  if (answer.status === 422) expect(answer.body.errors).toEqual(["directory_import__lines__rejected"]);
  return { status: answer.status, body: (answer.status === 422 ? answer.body.report : answer.body.data) as unknown as Report };
}
const importCsv = (segment: string, lines: string[][]) => importText(segment, `${lines.map((l) => csvLine(l)).join("\r\n")}\r\n`);

describe("suppliers CSV", () => {
  it("imports suppliers with nested warehouses and products, or nothing when a line is broken", async () => {
    const warehouses = JSON.stringify([{ name: "Boutique CSV", airport_id: ids.NCE, products: [{ product_id: ids["FLE-GERBE"], price_cents: 4_000, stock: 2 }] }]);
    const zones = JSON.stringify([{ name: "Alpes-Maritimes", zone_type: "department", zone_id: "06", funeral_works: [] }]);
    const header = ["name", "postal_code", "city", "department_code", "siret", "dependencies", "warehouses", "zones"];
    const good = ["Fleurs CSV", "06000", "Nice", "06", "73282932000074", "flowers;marble", warehouses, zones];
    const before = await counts();
    const broken = await importCsv("suppliers", [
      header,
      good,
      ["Fleurs cassées", "06000", "Nice", "06", "123", "flowers", "", ""],
      ["Fleurs perdues", "06000", "Nice", "06", "", "flowers", JSON.stringify([{ name: "X", products: [{ product_id: 99_999_999, price_cents: 1 }] }]), ""],
    ]);
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({ created: 0, updated: 0, total: 3 });
    expect(broken.body.rejected).toEqual([
      { line: 3, column: "siret", code: "supplier__siret__invalid" },
      { line: 4, column: "warehouses", code: "supplier_warehouse_product__product_id__not_found" },
    ]);
    expect(await counts()).toEqual(before);

    const done = await importCsv("suppliers", [header, good]);
    expect(done.body).toMatchObject({ created: 1, updated: 0, rejected: [] });
    const [row] = await ctx.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, "Fleurs CSV"));
    const entry = (await call(ctx, "GET", `/api/v1/suppliers/${row!.id}`, advisor)).body.data as Record<string, unknown> & { warehouses: { id: number; products: { id: number; stock: number }[] }[] };
    expect(entry.dependencies).toEqual(["flowers", "marble"]);
    expect(entry.warehouses[0]!.products).toMatchObject([{ product_id: ids["FLE-GERBE"], stock: 2 }]);
    const history = (await call(ctx, "GET", `/api/v1/suppliers/${row!.id}/changes`, advisor)).body.data as unknown as { action: string; after: typeof entry }[];
    expect(history[0]!.action).toBe("import");
    expect(history[0]!.after.warehouses[0]!.products).toHaveLength(1);

    // Again by its natural key (name + postal code): the cell is the whole collection at each level.
    const warehouse = entry.warehouses[0]!;
    const replaced = JSON.stringify([{ id: warehouse.id, name: "Boutique CSV", products: [{ product_id: ids["FLE-COUSSIN"], price_cents: 6_000 }] }]);
    const again = await importCsv("suppliers", [header, [...good.slice(0, 6), replaced, ""]]);
    expect(again.body).toMatchObject({ created: 0, updated: 1, rejected: [] });
    const products = await ctx.db.select({ productId: supplierWarehouseProducts.productId }).from(supplierWarehouseProducts).where(eq(supplierWarehouseProducts.warehouseId, warehouse.id));
    expect(products).toEqual([{ productId: ids["FLE-COUSSIN"] }]);
    // A product id of another warehouse is refused on its line.
    const [foreign] = await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM supplier_warehouse_products WHERE warehouse_id <> ${warehouse.id} LIMIT 1`);
    const stolen = await importCsv("suppliers", [header, [...good.slice(0, 6), JSON.stringify([{ id: warehouse.id, products: [{ id: foreign!.id, price_cents: 1 }] }]), ""]]);
    expect(stolen.body.rejected).toEqual([{ line: 2, column: "warehouses", code: "supplier_warehouse_product__id__not_found" }]);
  });

  it("exports suppliers with their nested items, and the export imports back unchanged", async () => {
    const exported = await ctx.app.request("/api/v1/suppliers/export.csv", { headers: advisor });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    const [header] = text.split("\r\n");
    expect(header).toBe("id,name,address,address_l2,postal_code,city,department_code,phone,email,website,latitude,longitude,country_code,headquarter_country_code,disabled,siret,dependencies,warehouses,zones,coverages");
    expect(text).toContain('""products"":[{');
    expect(text).not.toContain("created_at");
    const before = await counts();
    const back = await importText("suppliers", text);
    expect(back.status).toBe(200);
    expect(back.body.rejected).toEqual([]);
    expect(back.body.created).toBe(0);
    const after = await counts();
    // Nothing but the history moved.
    expect({ ...after, h: 0 }).toEqual({ ...before, h: 0 });
  });
});

describe("warehouses and flights CSV", () => {
  it("imports warehouses with their products; a broken line leaves everything as it was", async () => {
    const [supplier] = await ctx.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, "Fleurs CSV"));
    const header = ["supplier_id", "name", "city", "airport_id", "products"];
    const good = [String(supplier!.id), "Entrepôt CSV", "Nice", String(ids.NCE), JSON.stringify([{ product_id: ids["RAP-CERCUEIL"], price_cents: 70_000, lead_time_days: 3 }])];
    const before = await counts();
    const broken = await importCsv("warehouses", [header, good, ["99999999", "Orphelin", "Nice", "", ""], [String(supplier!.id), "Sans produit", "Nice", "", JSON.stringify([{ price_cents: 1 }])]]);
    expect(broken.body.rejected).toEqual([
      { line: 3, column: "supplier_id", code: "warehouse__supplier_id__not_found" },
      { line: 4, column: "products", code: "warehouse_product__product_id__blank" },
    ]);
    expect(await counts()).toEqual(before);
    expect((await importCsv("warehouses", [header, good])).body).toMatchObject({ created: 1, rejected: [] });
    expect((await counts()).p).toBe(before.p + 1);
  });

  it("imports flights with their rates; a broken line leaves everything as it was", async () => {
    const header = ["airline_id", "departure_airport_id", "arrival_airport_id", "rates"];
    // No demo flight of Tunisair leaves Roissy.
    const good = [String(ids.airline), String(ids.CDG), String(ids.TUN), JSON.stringify([{ kind: "coffin", min_weight_kg: 0, max_weight_kg: 150, price_cents: 99_000 }])];
    const before = await counts();
    const broken = await importCsv("flights", [header, good, [String(ids.airline), String(ids.CDG), String(ids.CDG), ""], [String(ids.airline), String(ids.NCE), String(ids.TUN), "[{\"kind\":\"boat\"}"]]);
    expect(broken.body.rejected).toEqual([
      { line: 3, column: "arrival_airport_id", code: "flight__arrival_airport_id__same_airport" },
      { line: 4, column: "rates", code: "flight_rate__body__invalid" },
    ]);
    expect(await counts()).toEqual(before);
    const done = await importCsv("flights", [header, good]);
    expect(done.body).toMatchObject({ created: 1, rejected: [] });
    expect(await counts()).toMatchObject({ f: before.f + 1, r: before.r + 1, rp: before.rp + 99_000 });
    // The same line again finds the flight by its airline and airports and changes its rate.
    const [flight] = await queryRows<{ id: number; rate: number }>(ctx.db, sql`SELECT f.id, r.id AS rate FROM flights f JOIN flight_rates r ON r.flight_id = f.id WHERE f.departure_airport_id = ${ids.CDG} AND f.arrival_airport_id = ${ids.TUN} AND r.price_cents = 99000`);
    const again = await importCsv("flights", [header, [...good.slice(0, 3), JSON.stringify([{ id: flight!.rate, price_cents: 95_000 }])]]);
    expect(again.body).toMatchObject({ created: 0, updated: 1, rejected: [] });
    expect((await counts()).rp).toBe(before.rp + 95_000);
  });
});
