import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCountryView } from "@/features/repatriation/country-view";
import { ROLES } from "@/domain/roles";
import { queryRows } from "@/server/db/query";
import { products } from "@/server/db/schema/catalog";
import { funeralWorkTypes } from "@/server/db/schema/partners";
import { supplierWarehouseProducts, supplierWarehouses, suppliers } from "@/server/db/schema/suppliers";
import { airlines, airports } from "@/server/db/schema/travel";
import { businessUsers } from "@/server/db/schema/users";
import { getCountryPageData } from "@/server/services/countries-page";
import type { DirectoryCacheChange } from "@/server/services/directory/cache-port";
import { createTestApp, getJson, signInHeaders, type TestContext } from "../helpers/app";
import { call, staffHeaders } from "../helpers/directory-fixtures";

/**
 * Suppliers, warehouses and flights through the directory engine (issue 15): two levels of
 * sub-items (a supplier's warehouses and their products, its zones and their funeral works),
 * each 422 leaving the database as it was, disabling, a supplier's pro reaching its own
 * warehouses only, and flights read live by the repatriation pages (estimate, caches).
 */
let ctx: TestContext;
let advisor: Record<string, string>;
const pageChanges: DirectoryCacheChange[] = [];
const ids: Record<string, number> = {};

type Item = Record<string, unknown> & { id: number };
type Entry = Item & { warehouses: (Item & { products: Item[] })[]; zones: (Item & { funeral_works: Item[] })[]; coverages: Item[]; rates: Item[]; products: Item[] };

beforeAll(async () => {
  ctx = await createTestApp({ pageCache: { changed: (change) => void pageChanges.push(change) } });
  advisor = await staffHeaders(ctx);
  const byIata = new Map((await ctx.db.select({ id: airports.id, iata: airports.iata }).from(airports).where(inArray(airports.iata, ["CDG", "ORY", "LYS", "ALG", "ZAG"]))).map((a) => [a.iata, a.id]));
  for (const iata of ["CDG", "ORY", "LYS", "ALG", "ZAG"]) ids[iata] = byIata.get(iata)!;
  const productRows = await ctx.db.select({ id: products.id, code: products.code }).from(products).where(inArray(products.code, ["RAP-CERCUEIL", "FLE-GERBE", "FLE-COUSSIN"]));
  for (const p of productRows) ids[p.code] = p.id;
  const works = await ctx.db.select({ id: funeralWorkTypes.id }).from(funeralWorkTypes).orderBy(funeralWorkTypes.id).limit(2);
  ids.work1 = works[0]!.id;
  ids.work2 = works[1]!.id;
  const [airline] = await ctx.db.select({ id: airlines.id }).from(airlines).where(eq(airlines.iata, "AH")).limit(1);
  ids.airline = airline!.id;
}, 60_000);
afterAll(async () => ctx?.close());

const get = async (path: string) => (await call(ctx, "GET", path, advisor)).body.data as unknown as Entry;

/** Rows of the logistics tables, to show a refused write changed nothing. */
async function snapshotTables() {
  return queryRows<Record<string, number>>(
    ctx.db,
    sql`SELECT (SELECT count(*)::int FROM suppliers) AS s, (SELECT count(*)::int FROM supplier_warehouses) AS w,
      (SELECT count(*)::int FROM supplier_warehouse_products) AS p, (SELECT count(*)::int FROM supplier_zones) AS z,
      (SELECT count(*)::int FROM supplier_zone_funeral_works) AS fw, (SELECT count(*)::int FROM supplier_coverages) AS c,
      (SELECT count(*)::int FROM flights) AS f, (SELECT count(*)::int FROM flight_rates) AS r,
      (SELECT coalesce(sum(price_cents), 0)::int FROM supplier_warehouse_products) AS pp, (SELECT coalesce(sum(price_cents), 0)::int FROM flight_rates) AS rp`,
  );
}

describe("suppliers", () => {
  let supplier: Entry;

  it("creates a supplier with warehouses holding products, zones holding funeral works and coverage", async () => {
    const created = await call(ctx, "POST", "/api/v1/suppliers", advisor, {
      name: "Marbrerie Essai",
      postal_code: "69003",
      city: "Lyon",
      department_code: "69",
      siret: "732 829 320 00074",
      dependencies: ["marble"],
      warehouses: [
        { name: "Atelier Essai", city: "Lyon", airport_id: ids.LYS, products: [{ product_id: ids["FLE-GERBE"], price_cents: 5_000, stock: 3, lead_time_days: 2 }, { product_id: ids["FLE-COUSSIN"], price_cents: 7_000 }] },
        { name: "Dépôt Essai", products: [{ product_id: ids["FLE-GERBE"], price_cents: 4_500 }] },
      ],
      zones: [{ name: "Rhône", zone_type: "department", zone_id: "69", funeral_works: [{ funeral_work_type_id: ids.work1, price_cents: 30_000 }] }],
      coverages: [{ zone_type: "department", zone_id: "69" }, { zone_type: "department", zone_id: "01" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    supplier = created.body.data as unknown as Entry;
    expect(supplier).toMatchObject({ label: "Marbrerie Essai", siret: "732 829 320 00074", dependencies: ["marble"], disabled: false });
    expect(supplier.warehouses.map((w) => w.name)).toEqual(["Atelier Essai", "Dépôt Essai"]);
    expect(supplier.warehouses[0]!.products).toHaveLength(2);
    expect(supplier.warehouses[0]!.products[0]).toMatchObject({ product_id: ids["FLE-GERBE"], stock: 3, lead_time_days: 2, available: true });
    expect(supplier.zones[0]!.funeral_works[0]).toMatchObject({ funeral_work_type_id: ids.work1, price_cents: 30_000 });
    expect(supplier.coverages).toHaveLength(2);
    // The warehouses are warehouses of their own resource too.
    const warehouse = await get(`/api/v1/warehouses/${supplier.warehouses[0]!.id}`);
    expect(warehouse).toMatchObject({ supplier_id: supplier.id, airport_id: ids.LYS, country_code: "fr" });
    expect(warehouse.products).toHaveLength(2);
  });

  it("adds, changes and destroys items at both levels in one update, and records it", async () => {
    const [atelier, depot] = supplier.warehouses;
    const [gerbe, coussin] = atelier!.products;
    const zone = supplier.zones[0]!;
    const updated = await call(ctx, "PUT", `/api/v1/suppliers/${supplier.id}`, advisor, {
      name: "Marbrerie Essai & Fils",
      warehouses: [
        { id: atelier!.id, city: "Villeurbanne", products: [{ id: gerbe!.id, stock: 9 }, { id: coussin!.id, _destroy: true }, { product_id: ids["RAP-CERCUEIL"], price_cents: 80_000 }] },
        { id: depot!.id, _destroy: true },
        { name: "Entrepôt Neuf", products: [{ product_id: ids["FLE-COUSSIN"], price_cents: 6_000 }] },
      ],
      zones: [{ id: zone.id, funeral_works: [{ id: zone.funeral_works[0]!.id, price_cents: 31_000 }, { funeral_work_type_id: ids.work2, price_cents: 12_000 }] }],
      coverages: [{ id: supplier.coverages[1]!.id, _destroy: true }, { zone_type: "region", zone_id: "84" }],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = updated.body.data as unknown as Entry;
    expect(after.name).toBe("Marbrerie Essai & Fils");
    expect(after.warehouses.map((w) => w.name).sort()).toEqual(["Atelier Essai", "Entrepôt Neuf"]);
    const kept = after.warehouses.find((w) => w.id === atelier!.id)!;
    expect(kept.city).toBe("Villeurbanne");
    expect(kept.products.map((p) => [p.product_id, p.stock])).toEqual(
      [
        [ids["FLE-GERBE"], 9],
        [ids["RAP-CERCUEIL"], 0],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    expect(after.warehouses.find((w) => w.name === "Entrepôt Neuf")!.products).toHaveLength(1);
    expect(after.zones[0]!.funeral_works.map((w) => w.price_cents).sort()).toEqual([12_000, 31_000]);
    expect(after.coverages.map((c) => `${c.zone_type}:${c.zone_id}`).sort()).toEqual(["department:01", "region:84"]);
    // The destroyed warehouse took its products with it.
    expect(await ctx.db.select().from(supplierWarehouseProducts).where(eq(supplierWarehouseProducts.warehouseId, depot!.id))).toEqual([]);
    const changes = (await call(ctx, "GET", `/api/v1/suppliers/${supplier.id}/changes`, advisor)).body.data as unknown as { action: string; before: Entry; after: Entry }[];
    expect(changes[0]!.action).toBe("update");
    expect(changes[0]!.before.warehouses).toHaveLength(2);
    expect(changes[0]!.after.warehouses.find((w) => w.id === atelier!.id)!.products.find((p) => p.id === gerbe!.id)!.stock).toBe(9);
    supplier = after;
  });

  it("refuses each bad nested change with its code and changes nothing", async () => {
    const atelier = supplier.warehouses.find((w) => w.name === "Atelier Essai")!;
    const other = supplier.warehouses.find((w) => w.name === "Entrepôt Neuf")!;
    const before = await snapshotTables();
    const cases: [unknown, string[]][] = [
      [{ warehouses: [{ id: atelier.id, products: [{ stock: 1, updated_at: 1 }] }] }, ["supplier_warehouse_product__id__missing"]],
      [{ warehouses: [{ id: atelier.id, products: [{ id: other.products[0]!.id, stock: 1 }] }] }, ["supplier_warehouse_product__id__not_found"]],
      [{ warehouses: [{ id: atelier.id, products: [{ product_id: 99_999_999, price_cents: 1 }] }] }, ["supplier_warehouse_product__product_id__not_found"]],
      [{ warehouses: [{ id: atelier.id, products: [{ product_id: ids["FLE-GERBE"], price_cents: 1 }] }] }, ["supplier_warehouse_product__body__duplicate"]],
      [{ warehouses: [{ id: atelier.id, products: [{ id: atelier.products[0]!.id, price_cents: -5 }] }] }, ["supplier_warehouse_product__price_cents__too_small"]],
      [{ warehouses: [{ id: atelier.id, airport_id: 99_999_999 }] }, ["supplier_warehouse__airport_id__not_found"]],
      [{ zones: [{ id: supplier.zones[0]!.id, funeral_works: [{ funeral_work_type_id: 99_999_999, price_cents: 1 }] }] }, ["supplier_zone_funeral_work__funeral_work_type_id__not_found"]],
      [{ zones: [{ name: "Sans type", zone_id: "13" }] }, ["supplier_zone__zone_type__blank"]],
      [{ coverages: [{ zone_type: "galaxy", zone_id: "1" }] }, ["supplier_coverage__zone_type__invalid"]],
      [{ siret: "12" }, ["supplier__siret__invalid"]],
      [{ name: " " }, ["supplier__name__blank"]],
      [{ dependencies: "marble" }, ["supplier__dependencies__invalid"]],
    ];
    for (const [body, errors] of cases) {
      const answer = await call(ctx, "PUT", `/api/v1/suppliers/${supplier.id}`, advisor, body);
      expect([answer.status, answer.body.errors], JSON.stringify(body)).toEqual([422, errors]);
    }
    expect(await snapshotTables()).toEqual(before);
    expect((await get(`/api/v1/suppliers/${supplier.id}`)).name).toBe("Marbrerie Essai & Fils");
  });

  it("disables by value: the supplier and its warehouses leave the pickers, the directory still lists it", async () => {
    const atelier = supplier.warehouses.find((w) => w.name === "Atelier Essai")!;
    const picker = async (path: string, headers = advisor) => (await getJson<Item[]>(ctx.app, path, headers)).body;
    expect((await picker("/api/v1/autocompletes/suppliers?q=marbrerie%20essai")).map((s) => s.id)).toContain(supplier.id);
    expect((await picker(`/api/v1/autocompletes/airports/${ids.LYS}/warehouses?q=atelier%20essai`)).map((w) => w.id)).toContain(atelier.id);
    const off = await call(ctx, "PUT", `/api/v1/suppliers/${supplier.id}/disabled`, advisor, { value: true });
    expect(off.status).toBe(200);
    expect((off.body.data as Item).disabled).toBe(true);
    expect((await picker("/api/v1/autocompletes/suppliers?q=MARBRERIE%20ESSAI")).map((s) => s.id)).not.toContain(supplier.id);
    expect((await picker(`/api/v1/autocompletes/airports/${ids.LYS}/warehouses?q=atelier%20essai`)).map((w) => w.id)).not.toContain(atelier.id);
    const asked = await picker("/api/v1/autocompletes/suppliers?q=marbrerie%20essai&disabled=true");
    expect(asked.find((s) => s.id === supplier.id)).toMatchObject({ disabled: true });
    const list = await call(ctx, "GET", "/api/v1/suppliers?disabled=true&q=essai", advisor);
    expect((list.body.data as unknown as Item[]).map((s) => s.id)).toEqual([supplier.id]);
    expect((await call(ctx, "PUT", `/api/v1/suppliers/${supplier.id}/disabled`, advisor, { value: "yes" })).body.errors).toEqual(["disabled__value__invalid"]);
    expect((await call(ctx, "PUT", `/api/v1/suppliers/${supplier.id}/disabled`, advisor, { value: false })).status).toBe(200);
    expect((await picker("/api/v1/autocompletes/suppliers?q=marbrerie%20essai")).map((s) => s.id)).toContain(supplier.id);
  });

  it("shows what depends on a supplier: its warehouses' deals, its sub-items, not its own warehouses as other entries", async () => {
    const dependents = (await call(ctx, "GET", `/api/v1/suppliers/${supplier.id}/dependents`, advisor)).body.data as unknown as { deletable: boolean; groups: { kind: string }[] };
    expect(dependents.groups.map((g) => g.kind)).toEqual(["sub_items"]);
    expect(dependents.deletable).toBe(true);
  });
});

describe("warehouses", () => {
  let warehouse: Entry;
  let supplierId: number;

  it("creates, reads, updates its products and disables a warehouse", async () => {
    const [forwarder] = await ctx.db.select({ id: suppliers.id }).from(suppliers).where(sql`${suppliers.name} LIKE 'Transitaire%'`).limit(1);
    supplierId = forwarder!.id;
    const created = await call(ctx, "POST", "/api/v1/warehouses", advisor, {
      supplier_id: supplierId,
      name: "Entrepôt fret Orly Sud",
      city: "Paray-Vieille-Poste",
      department_code: "91",
      airport_id: ids.ORY,
      products: [{ product_id: ids["RAP-CERCUEIL"], price_cents: 70_000, lead_time_days: 1 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    warehouse = created.body.data as unknown as Entry;
    expect(warehouse).toMatchObject({ label: "Entrepôt fret Orly Sud", supplier_id: supplierId, airport_id: ids.ORY });
    const product = warehouse.products[0]!;
    const updated = await call(ctx, "PUT", `/api/v1/warehouses/${warehouse.id}`, advisor, {
      products: [{ id: product.id, price_cents: 72_000, available: false }, { product_id: ids["FLE-GERBE"], price_cents: 1_000 }],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const products = (updated.body.data as unknown as Entry).products;
    expect(products.find((p) => p.id === product.id)).toMatchObject({ price_cents: 72_000, available: false });
    expect(products).toHaveLength(2);
    const removed = await call(ctx, "PUT", `/api/v1/warehouses/${warehouse.id}`, advisor, { products: [{ id: products.find((p) => p.id !== product.id)!.id, _destroy: true }] });
    expect((removed.body.data as unknown as Entry).products.map((p) => p.id)).toEqual([product.id]);

    const before = await snapshotTables();
    for (const [body, errors] of [
      [{ supplier_id: 99_999_999 }, ["warehouse__supplier_id__not_found"]],
      [{ products: [{ _destroy: true }] }, ["warehouse_product__id__missing"]],
      [{ products: [{ id: product.id, lead_time_days: -1 }] }, ["warehouse_product__lead_time_days__too_small"]],
      [{ country_code: "france" }, ["warehouse__country_code__invalid"]],
    ] as [unknown, string[]][]) {
      const answer = await call(ctx, "PUT", `/api/v1/warehouses/${warehouse.id}`, advisor, body);
      expect([answer.status, answer.body.errors], JSON.stringify(body)).toEqual([422, errors]);
    }
    expect((await call(ctx, "POST", "/api/v1/warehouses", advisor, { name: "Sans fournisseur" })).body.errors).toEqual(["warehouse__supplier_id__blank"]);
    expect(await snapshotTables()).toEqual(before);

    expect((await getJson<Item[]>(ctx.app, `/api/v1/autocompletes/airports/${ids.ORY}/warehouses`, advisor)).body.map((w) => w.id)).toContain(warehouse.id);
    expect((await call(ctx, "PUT", `/api/v1/warehouses/${warehouse.id}/disabled`, advisor, { value: true })).status).toBe(200);
    expect((await getJson<Item[]>(ctx.app, `/api/v1/autocompletes/airports/${ids.ORY}/warehouses`, advisor)).body.map((w) => w.id)).not.toContain(warehouse.id);
    const all = await getJson<Item[]>(ctx.app, `/api/v1/autocompletes/airports/${ids.ORY}/warehouses?disabled=true`, advisor);
    expect(all.body.find((w) => w.id === warehouse.id)).toMatchObject({ disabled: true });
    expect((await getJson(ctx.app, `/api/v1/autocompletes/airports/${ids.ORY}/warehouses?disabled=true`, await signInHeaders(ctx.db, "business_user", "pro@demo.test"))).status).toBe(403);
  });

  it("lets a supplier's pro change its own supplier and warehouses, and nothing else", async () => {
    await ctx.db.insert(businessUsers).values({ email: "pro-transit@demo.test", firstname: "Tom", lastname: "Fret", role: ROLES.PRO, organisationType: "suppliers", organisationId: supplierId });
    const pro = { ...(await signInHeaders(ctx.db, "business_user", "pro-transit@demo.test")), "content-type": "application/json" };
    const [foreign] = await ctx.db.select({ id: supplierWarehouses.id, supplierId: supplierWarehouses.supplierId }).from(supplierWarehouses).where(sql`${supplierWarehouses.supplierId} <> ${supplierId}`).limit(1);

    const list = await call(ctx, "GET", "/api/v1/warehouses?per_page=100", pro);
    const listed = list.body.data as unknown as Item[];
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.every((w) => w.supplier_id === supplierId)).toBe(true);
    expect((await call(ctx, "GET", `/api/v1/warehouses/${warehouse.id}`, pro)).status).toBe(200);
    expect((await call(ctx, "GET", `/api/v1/warehouses/${foreign!.id}`, pro)).status).toBe(404);
    expect((await call(ctx, "PUT", `/api/v1/warehouses/${warehouse.id}`, pro, { phone: "01 49 75 00 00" })).status).toBe(200);
    expect((await call(ctx, "PUT", `/api/v1/warehouses/${warehouse.id}/disabled`, pro, { value: false })).status).toBe(200);
    // Handing its warehouse to another supplier is not its call.
    expect((await call(ctx, "PUT", `/api/v1/warehouses/${warehouse.id}`, pro, { supplier_id: foreign!.supplierId })).status).toBe(403);
    expect((await call(ctx, "PUT", `/api/v1/warehouses/${foreign!.id}`, pro, { phone: "01 00 00 00 00" })).status).toBe(404);
    expect((await call(ctx, "POST", "/api/v1/warehouses", pro, { supplier_id: supplierId, name: "Nouveau" })).status).toBe(403);
    expect((await call(ctx, "PUT", `/api/v1/suppliers/${supplierId}`, pro, { phone: "01 48 62 00 00" })).status).toBe(200);
    expect((await call(ctx, "PUT", `/api/v1/suppliers/${foreign!.supplierId}`, pro, { phone: "01 48 62 00 00" })).status).toBe(404);
    expect((await call(ctx, "GET", "/api/v1/flights", pro)).body.data).toEqual([]);
    expect((await call(ctx, "GET", `/api/v1/warehouses/${warehouse.id}`, pro)).body.data).toMatchObject({ phone: "01 49 75 00 00" });
  });
});

describe("flights", () => {
  let algeria: { slug: string };

  beforeAll(async () => {
    const [row] = await queryRows<{ slug: string }>(ctx.db, sql`SELECT slug FROM countries WHERE code = 'dz'`);
    algeria = row!;
  });

  it("creates a flight with rates, labels it from its airports and airline, finds it by airport", async () => {
    const created = await call(ctx, "POST", "/api/v1/flights", advisor, {
      airline_id: ids.airline,
      departure_airport_id: ids.LYS,
      stopover_airport_id: ids.ORY,
      arrival_airport_id: ids.ALG,
      rates: [
        { kind: "coffin", min_weight_kg: 0, max_weight_kg: 150, price_cents: 90_000 },
        { kind: "urn", price_cents: 25_000 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const flight = created.body.data as unknown as Entry;
    expect(flight.label).toMatch(/^LYS → ORY → ALG \(.+\)$/);
    expect(flight.rates.map((r) => r.kind)).toEqual(["coffin", "urn"]);
    const found = await call(ctx, "GET", "/api/v1/flights?q=lys%20alg&per_page=100", advisor);
    expect((found.body.data as unknown as Item[]).map((f) => f.id)).toContain(flight.id);
    expect((found.body.data as unknown as Item[]).every((f) => String(f.label).includes("LYS"))).toBe(true);

    const before = await snapshotTables();
    for (const [body, errors] of [
      [{ airline_id: ids.airline, departure_airport_id: ids.CDG, arrival_airport_id: ids.CDG }, ["flight__arrival_airport_id__same_airport"]],
      [{ airline_id: ids.airline, departure_airport_id: ids.CDG, arrival_airport_id: ids.ALG, stopover_airport_id: ids.ALG }, ["flight__stopover_airport_id__same_airport"]],
      [{ airline_id: 99_999_999, departure_airport_id: ids.CDG, arrival_airport_id: ids.ALG }, ["flight__airline_id__not_found"]],
      [{ airline_id: ids.airline, departure_airport_id: ids.CDG, arrival_airport_id: ids.ALG, rates: [{ kind: "coffin", min_weight_kg: 200, max_weight_kg: 100, price_cents: 1 }] }, ["flight_rate__max_weight_kg__too_small"]],
      [{ airline_id: ids.airline, departure_airport_id: ids.CDG, arrival_airport_id: ids.ALG, rates: [{ id: 1, kind: "urn", price_cents: 1 }] }, ["flight_rate__id__invalid"]],
    ] as [unknown, string[]][]) {
      const answer = await call(ctx, "POST", "/api/v1/flights", advisor, body);
      expect([answer.status, answer.body.errors], JSON.stringify(body)).toEqual([422, errors]);
    }
    // An update may not make a flight land where it leaves (the rule runs on the merged entry).
    expect((await call(ctx, "PUT", `/api/v1/flights/${flight.id}`, advisor, { arrival_airport_id: ids.LYS })).body.errors).toEqual(["flight__arrival_airport_id__same_airport"]);
    expect((await call(ctx, "PUT", `/api/v1/flights/${flight.id}`, advisor, { rates: [{ kind: "coffin", _destroy: true }] })).body.errors).toEqual(["flight_rate__id__missing"]);
    expect(await snapshotTables()).toEqual(before);
  });

  it("feeds the country page's estimate live: a cheaper rate lowers it, a disabled flight leaves it, and the pages are told", async () => {
    const page = async () => buildCountryView((await getCountryPageData(ctx.db, algeria.slug))!, null, "fr");
    const start = await page();
    expect(start.estimate).not.toBeNull();
    const cheapest = start.routes[0]!;
    const flight = await get(`/api/v1/flights/${cheapest.flightId}`);
    const lightest = flight.rates.filter((r) => r.kind === "coffin").sort((a, b) => Number(a.min_weight_kg) - Number(b.min_weight_kg))[0]!;
    const newPrice = Math.min(start.estimate!.freightLowCents - 10_000, 20_000);

    pageChanges.length = 0;
    const changed = await call(ctx, "PUT", `/api/v1/flights/${flight.id}`, advisor, { rates: [{ id: lightest.id, price_cents: newPrice }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const cheaper = await page();
    expect(cheaper.estimate!.freightLowCents).toBe(newPrice);
    expect(cheaper.estimate!.lowCents).toBeLessThan(start.estimate!.lowCents);
    expect(pageChanges).toEqual([{ type: "flights", ids: [flight.id], communePages: false, repatriationPages: true }]);

    expect((await call(ctx, "PUT", `/api/v1/flights/${flight.id}/disabled`, advisor, { value: true })).status).toBe(200);
    const without = await page();
    expect(without.routes.map((r) => r.flightId)).not.toContain(flight.id);
    expect(without.estimate!.freightLowCents).toBeGreaterThan(newPrice);
    expect(pageChanges).toHaveLength(2);
    // The staff preview still shows it, marked unpublished.
    const preview = await getCountryPageData(ctx.db, algeria.slug, { includeUnpublished: true });
    expect(preview!.routes.find((r) => r.flightId === flight.id)).toMatchObject({ disabled: true });
    expect((await call(ctx, "PUT", `/api/v1/flights/${flight.id}/disabled`, advisor, { value: false })).status).toBe(200);
    expect((await page()).estimate!.freightLowCents).toBe(newPrice);

    const dependents = (await call(ctx, "GET", `/api/v1/flights/${flight.id}/dependents`, advisor)).body.data as unknown as { deletable: boolean; groups: { kind: string; items: { path?: string }[] }[] };
    expect(dependents.groups.find((g) => g.kind === "country_pages")!.items[0]!.path).toBe(`/rapatriement-corps-pays/${algeria.slug}`);
  });

  it("answers countries/flight_estimation from live flights, past its cache", async () => {
    const croatia = async () => (await getJson<Item[]>(ctx.app, "/api/v1/autocompletes/countries/flight_estimation?q=croatie")).body;
    expect(await croatia()).toEqual([]);
    const created = await call(ctx, "POST", "/api/v1/flights", advisor, { airline_id: ids.airline, departure_airport_id: ids.CDG, arrival_airport_id: ids.ZAG, rates: [{ kind: "coffin", price_cents: 150_000 }] });
    expect(created.status).toBe(201);
    expect((await croatia()).map((c) => c.code)).toEqual(["hr"]);
    const flights = await getJson<Item[]>(ctx.app, "/api/v1/autocompletes/flights?q=zag", advisor);
    expect(flights.body.map((f) => f.id)).toContain((created.body.data as Item).id);
    expect((await call(ctx, "PUT", `/api/v1/flights/${(created.body.data as Item).id}/disabled`, advisor, { value: true })).status).toBe(200);
    expect(await croatia()).toEqual([]);
    expect((await getJson<Item[]>(ctx.app, "/api/v1/autocompletes/flights?q=zag", advisor)).body).toEqual([]);
    expect((await getJson<Item[]>(ctx.app, "/api/v1/autocompletes/flights?q=zag&disabled=true", advisor)).body[0]).toMatchObject({ disabled: true });
  });
});

describe("airports, airlines and funeral work types pickers", () => {
  it("answer accent- and case-insensitively from live data", async () => {
    const airline = await getJson<Item[]>(ctx.app, "/api/v1/autocompletes/airlines?q=AIR%20ALGERIE", advisor);
    expect(airline.body.map((a) => a.iata)).toContain("AH");
    const works = await getJson<Item[]>(ctx.app, "/api/v1/autocompletes/funeral_work_types", advisor);
    expect(works.body.length).toBeGreaterThan(0);
    const [first] = await ctx.db.select({ name: funeralWorkTypes.name }).from(funeralWorkTypes).where(eq(funeralWorkTypes.id, ids.work1!));
    const typed = first!.name.toUpperCase().normalize("NFD").replace(/\p{Diacritic}/gu, "");
    expect((await getJson<Item[]>(ctx.app, `/api/v1/autocompletes/funeral_work_types?q=${encodeURIComponent(typed)}`, advisor)).body.map((w) => w.id)).toContain(ids.work1);
  });
});
