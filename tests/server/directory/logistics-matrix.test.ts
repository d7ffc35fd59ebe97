import { asc, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { ROLES } from "@/domain/roles";
import { supplierWarehouses, suppliers } from "@/server/db/schema/suppliers";
import { airports, flights } from "@/server/db/schema/travel";
import { businessUsers } from "@/server/db/schema/users";
import { createTestApp, type TestContext } from "../helpers/app";
import { describeAuthorizationMatrix, type MatrixRow } from "../helpers/authorization-matrix";

/**
 * Suppliers, warehouses and flights seen by a supplier's pro (role 4 working for the demo
 * freight forwarder), next to the seeded callers: it reads and changes its supplier and that
 * supplier's warehouses, nothing else (404), and creates, deletes, exports nothing (403).
 * The matrix of every type × route × caller is tests/server/directory/directory-matrix.test.ts.
 */
let ctx: TestContext;
const params: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const [own] = await ctx.db.select({ id: suppliers.id }).from(suppliers).where(sql`${suppliers.name} LIKE 'Transitaire%'`).limit(1);
  params.own = own!.id;
  params.other = (await ctx.db.select({ id: suppliers.id }).from(suppliers).where(ne(suppliers.id, own!.id)).orderBy(asc(suppliers.id)).limit(1))[0]!.id;
  params.ownWarehouse = (await ctx.db.select({ id: supplierWarehouses.id }).from(supplierWarehouses).where(eq(supplierWarehouses.supplierId, own!.id)).limit(1))[0]!.id;
  params.otherWarehouse = (await ctx.db.select({ id: supplierWarehouses.id }).from(supplierWarehouses).where(ne(supplierWarehouses.supplierId, own!.id)).limit(1))[0]!.id;
  params.flight = (await ctx.db.select({ id: flights.id }).from(flights).orderBy(asc(flights.id)).limit(1))[0]!.id;
  params.airport = (await ctx.db.select({ id: airports.id }).from(airports).where(eq(airports.iata, "CDG")).limit(1))[0]!.id;
  await ctx.db.insert(businessUsers).values({ email: "fret@demo.test", firstname: "Tom", lastname: "Fret", role: ROLES.PRO, organisationType: "suppliers", organisationId: own!.id });
}, 60_000);
afterAll(async () => ctx?.close());

const STAFF = (status: number) => ({ admin: status, director: status, advisor: status });

const rows: MatrixRow<"supplierPro">[] = [
  { request: "GET /api/v1/suppliers/:own", expect: { supplierPro: 200, pro: 404, ...STAFF(200), guest: 403, visitor: 401, client: 401 } },
  { request: "PUT /api/v1/suppliers/:own", body: {}, expect: { supplierPro: 200, pro: 404, advisor: 200, guest: 403, client: 401 } },
  { request: "PUT /api/v1/suppliers/:own/disabled", body: { value: false }, expect: { supplierPro: 200, pro: 404, advisor: 200, guest: 403 } },
  { request: "GET /api/v1/suppliers/:own/dependents", expect: { supplierPro: 200, pro: 404, advisor: 200 } },
  { request: "GET /api/v1/suppliers/:own/changes", expect: { supplierPro: 200, pro: 404, advisor: 200 } },
  { request: "DELETE /api/v1/suppliers/:own", expect: { supplierPro: 403, pro: 403, guest: 403, visitor: 401 } },
  { request: "GET /api/v1/suppliers/:other", expect: { supplierPro: 404, advisor: 200 } },
  { request: "PUT /api/v1/suppliers/:other", body: {}, expect: { supplierPro: 404, advisor: 200 } },
  { request: "GET /api/v1/suppliers", expect: { supplierPro: 200, pro: 200, ...STAFF(200), guest: 403, visitor: 401 } },
  { request: "GET /api/v1/suppliers/export.csv", expect: { supplierPro: 403, advisor: 200 } },
  { request: "POST /api/v1/suppliers/import?dry_run=true", expect: { supplierPro: 403, advisor: 415 } },
  { request: "GET /api/v1/warehouses/:ownWarehouse", expect: { supplierPro: 200, pro: 404, advisor: 200, guest: 403, visitor: 401 } },
  { request: "PUT /api/v1/warehouses/:ownWarehouse", body: {}, expect: { supplierPro: 200, pro: 404, advisor: 200, guest: 403 } },
  { request: "PUT /api/v1/warehouses/:ownWarehouse/disabled", body: { value: false }, expect: { supplierPro: 200, pro: 404, advisor: 200 } },
  { request: "GET /api/v1/warehouses/:otherWarehouse", expect: { supplierPro: 404, advisor: 200 } },
  { request: "PUT /api/v1/warehouses/:otherWarehouse/disabled", body: { value: false }, expect: { supplierPro: 404, advisor: 200 } },
  { request: "POST /api/v1/warehouses", body: {}, expect: { supplierPro: 403, advisor: 422, guest: 403 } },
  { request: "GET /api/v1/flights/:flight", expect: { supplierPro: 404, pro: 404, ...STAFF(200), guest: 403, visitor: 401 } },
  { request: "PUT /api/v1/flights/:flight", body: {}, expect: { supplierPro: 404, advisor: 200 } },
  { request: "PUT /api/v1/flights/:flight/disabled", body: { value: false }, expect: { supplierPro: 404, advisor: 200, client: 401 } },
  { request: "POST /api/v1/flights", body: {}, expect: { supplierPro: 403, advisor: 422 } },
  // Pickers: live data for business users; disabled entries for the directory staff only.
  { request: "GET /api/v1/autocompletes/suppliers", expect: { ...STAFF(200), guest: 200, pro: 200, supplierPro: 200, visitor: 401, client: 401 } },
  { request: "GET /api/v1/autocompletes/suppliers?disabled=true", expect: { ...STAFF(200), guest: 403, supplierPro: 403, visitor: 401 } },
  { request: "GET /api/v1/autocompletes/flights?disabled=true", expect: { ...STAFF(200), guest: 403, pro: 403, visitor: 401 } },
  { request: "GET /api/v1/autocompletes/airports/:airport/warehouses", expect: { ...STAFF(200), supplierPro: 200, visitor: 401 } },
  { request: "GET /api/v1/autocompletes/airports/:airport/warehouses?disabled=true", expect: { ...STAFF(200), supplierPro: 403, guest: 403, visitor: 401 } },
  { request: "GET /api/v1/autocompletes/airlines?q=air", expect: { advisor: 200, supplierPro: 200, visitor: 401 } },
  { request: "GET /api/v1/autocompletes/funeral_work_types", expect: { advisor: 200, supplierPro: 200, visitor: 401, client: 401 } },
  { request: "GET /api/v1/autocompletes/countries/flight_estimation", expect: { visitor: 200, advisor: 200 } },
];

describeAuthorizationMatrix("suppliers, warehouses and flights", () => ctx, rows, {
  params: () => params,
  callers: () => ({ supplierPro: { realm: "business_user", email: "fret@demo.test" } }),
});
