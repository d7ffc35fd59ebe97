import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ARRANGEMENTS } from "@/domain/flowers/arrangements";
import { parisToInstant } from "@/domain/flowers/delivery-rules";
import type { FlowerOrderView } from "@/domain/schemas/flower-funnel";
import type { Product } from "@/domain/schemas/product";
import type { PagingMeta } from "@/domain/schemas/common";
import { products } from "@/server/db/schema/catalog";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";
import { setSandboxNotifier, submitSandboxPage } from "@/server/integrations/payments/sandbox/sandbox-pages";
import { FLOWER_ORDERS_PER_IP } from "@/server/services/flower-funnel/context";
import { fakeClock, freshIp } from "./auth-helpers";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { createFamily, type FamilyFixture } from "./helpers/family-fixtures";

/**
 * Who may call the flowers funnel, the v2 deal commentary and the public catalogue, the
 * abuse limits of the order endpoint, and the server's arithmetic on any basket.
 */

let ctx: TestContext;
let clock: ReturnType<typeof fakeClock>;
let family: FamilyFixture;
let marbleId: number;
let orderId: number;
let orderUuid: string;

const NOW = parisToInstant({ date: "2026-11-25", time: "09:00" });
const JSON_HEADERS = { "content-type": "application/json" };
let emailCounter = 0;
const delivery = { place: "funeral_parlor", address: "3 avenue des Tilleuls", postal_code: "69008", city: "Lyon", date: "2026-11-27", time: "10:00" };
const orderBody = (items: Array<{ code: string; quantity: number }>, overrides: Record<string, unknown> = {}) => ({
  items,
  delivery,
  client: { firstname: "Marc", lastname: "Leroy", email: `acces.fleurs.${++emailCounter}@example.org`, phone: "0611223344", consent: true },
  ...overrides,
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await ctx.app.request("/api/v1/flower_funnel/deals", { method: "POST", headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as FlowerOrderView & { resume_token: string; errors?: string[] } };
}

beforeAll(async () => {
  ctx = await createTestApp();
  clock = fakeClock(NOW);
  family = await createFamily(ctx.db, "flowers-access");
  const [marble] = await ctx.db.insert(deals).values({ kind: "marble", state: "draft" }).returning({ id: deals.id });
  marbleId = marble!.id;
  await ctx.db.insert(dealAbilities).values([
    { dealId: marbleId, clientId: family.clientIds.owner, role: "owner" },
    { dealId: marbleId, clientId: family.clientIds.reader, role: "reader" },
  ]);
  const created = await post(orderBody([{ code: "FLE-GERBE", quantity: 1 }], { client: undefined }), await signInHeaders(ctx.db, "client", family.emails.owner));
  expect(created.status).toBe(201);
  orderId = created.body.id;
  orderUuid = created.body.uuid;
});
afterAll(async () => {
  clock?.restore();
  await ctx?.close();
});

const family5 = () => ({
  owner: { realm: "client", email: family.emails.owner },
  editor: { realm: "client", email: family.emails.editor },
  reader: { realm: "client", email: family.emails.reader },
  notary: { realm: "client", email: family.emails.notary },
  stranger: { realm: "client", email: family.emails.stranger },
}) as const;

const COMMENT = { deal: { commentary: "Merci de prévoir des chaises pour les aînés" } };

describeAuthorizationMatrix<"owner" | "editor" | "reader" | "notary" | "stranger">(
  "flowers funnel, v2 commentary and the public catalogue",
  () => ctx,
  [
    { request: "GET /api/v1/flower_funnel/products?type=wreath", expect: { visitor: 200, client: 200, admin: 200, guest: 200, pro: 200, forged: 200 } },
    { request: "GET /api/v1/flower_funnel/filters?colour=white", expect: { visitor: 200, client: 200, admin: 200, pro: 200 } },
    // Anyone reaches the order's validation; an empty basket is refused for all alike.
    { request: "POST /api/v1/flower_funnel/deals", body: { items: [], delivery }, expect: { visitor: 422, client: 422, owner: 422, admin: 422, pro: 422 } },
    { request: "GET /api/v1/flower_funnel/deals/:order_uuid", expect: { owner: 200, visitor: 404, stranger: 404, editor: 404, client: 404, admin: 404, forged: 404 } },
    { request: "GET /api/v1/flower_funnel/ceremonies", expect: { visitor: 200, owner: 200, reader: 200, stranger: 200, admin: 200 } },
    { request: "GET /api/v1/flower_funnel/ceremonies?deal=:funeral_uuid", expect: { owner: 200, reader: 200, notary: 200, editor: 200, visitor: 404, stranger: 404, client: 404, admin: 404 } },
    {
      request: "PUT /api/v2/deals/funeral/:funeral_id",
      body: COMMENT,
      expect: { visitor: 401, forged: 401, borrowed: 401, owner: 200, editor: 200, reader: 403, notary: 403, stranger: 404, client: 404, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403 },
    },
    { request: "PUT /api/v2/deals/item/:order_id", body: COMMENT, expect: { owner: 200, stranger: 404, visitor: 401, advisor: 200, pro: 403 } },
    { request: "PUT /api/v2/deals/marble/:marble_id", body: COMMENT, expect: { owner: 200, reader: 403, stranger: 404, visitor: 401, director: 200, guest: 403 } },
    // A deal of another kind at that path does not exist.
    { request: "PUT /api/v2/deals/item/:funeral_id", body: COMMENT, expect: { owner: 404, admin: 404 } },
    { request: "PUT /api/v2/deals/marble/:order_id", body: COMMENT, expect: { owner: 404, admin: 404 } },
    { request: "PUT /api/v2/deals/funeral/999999999", body: COMMENT, expect: { owner: 404, admin: 404 } },
    { request: "GET /api/v1/products?q=cercueil", expect: { visitor: 200, client: 200, admin: 200, guest: 200, pro: 200 } },
    { request: "GET /api/v1/autocompletes/products?q=gerbe", expect: { visitor: 200, client: 200, pro: 200 } },
  ],
  {
    callers: family5,
    params: () => ({ order_uuid: orderUuid, order_id: orderId, funeral_id: family.dealId, marble_id: marbleId, funeral_uuid: funeralUuidOf() }),
  },
);

let funeralUuid = "";
const funeralUuidOf = () => funeralUuid;
beforeAll(async () => {
  const [deal] = await ctx.db.select({ uuid: deals.uuid }).from(deals).where(eq(deals.id, family.dealId));
  funeralUuid = deal!.uuid;
});

describe("PUT /api/v2/deals/{kind}/{id}", () => {
  const put = async (path: string, body: unknown, headers: Record<string, string>) => {
    const response = await ctx.app.request(path, { method: "PUT", headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; errors?: string[] } };
  };

  it("writes the family's comment for a family member and the internal note for an advisor, each in its own column", async () => {
    const owner = await signInHeaders(ctx.db, "client", family.emails.owner);
    const advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
    const family1 = await put(`/api/v2/deals/funeral/${family.dealId}`, { deal: { commentary: "  Papa aimait les lys  " } }, owner);
    expect(family1).toEqual({ status: 200, body: { data: { id: family.dealId, kind: "funeral", client_commentary: "Papa aimait les lys" } } });
    const note = await put(`/api/v2/deals/funeral/${family.dealId}`, { deal: { commentary: "Rappeler la fille aînée" } }, advisor);
    expect(note.body.data).toEqual({ id: family.dealId, kind: "funeral", client_commentary: "Papa aimait les lys", commentary: "Rappeler la fille aînée" });
    // The family never reads the advisors' note.
    const again = await put(`/api/v2/deals/funeral/${family.dealId}`, { deal: { commentary: null } }, owner);
    expect(again.body.data).toEqual({ id: family.dealId, kind: "funeral", client_commentary: null });
    const [row] = await ctx.db.select({ clientCommentary: deals.clientCommentary, commentary: deals.commentary }).from(deals).where(eq(deals.id, family.dealId));
    expect(row).toEqual({ clientCommentary: null, commentary: "Rappeler la fille aînée" });
  });

  it("refuses a comment too long or with unstorable text", async () => {
    const owner = await signInHeaders(ctx.db, "client", family.emails.owner);
    expect((await put(`/api/v2/deals/funeral/${family.dealId}`, { deal: { commentary: "x".repeat(10_001) } }, owner)).body.errors).toEqual(["deal__commentary__too_long"]);
    expect((await put(`/api/v2/deals/funeral/${family.dealId}`, { deal: { commentary: "a\u0000b" } }, owner)).body.errors).toEqual(["deal__commentary__invalid_characters"]);
  });
});

describe("GET /api/v1/products", () => {
  it("pages the active catalogue with public prices and searches it word by word", async () => {
    const page = await getJson<{ data: Product[]; meta: PagingMeta }>(ctx.app, "/api/v1/products?per_page=10&page=2");
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(10);
    expect(page.body.meta.page).toBe(2);
    expect(page.body.meta.total_count).toBeGreaterThan(80);
    expect(Object.keys(page.body.data[0]!).sort()).toEqual(["category", "code", "demo", "description", "id", "name", "price_cents", "price_ttc_cents", "range", "unit", "vat_rate_bp"]);
    const found = await getJson<{ data: Product[] }>(ctx.app, `/api/v1/products?q=${encodeURIComponent("CŒUR rose")}`);
    expect(found.body.data.map((p) => p.code).sort()).toEqual(["FLE-COEUR", "FLE-COEUR-BLANC", "FLE-COEUR-OUVERT", "FLE-COEUR-ROSE"]);
    const flowers = await getJson<{ data: Product[]; meta: PagingMeta }>(ctx.app, "/api/v1/products?category=flowers&per_page=100");
    expect(flowers.body.meta.total_count).toBe(DEMO_ARRANGEMENTS.length);
    await ctx.db.update(products).set({ active: false }).where(eq(products.code, "FLE-COEUR-ROSE"));
    expect((await getJson<{ data: Product[] }>(ctx.app, "/api/v1/products?q=coeur+rose")).body.data.map((p) => p.code)).not.toContain("FLE-COEUR-ROSE");
    await ctx.db.update(products).set({ active: true }).where(eq(products.code, "FLE-COEUR-ROSE"));
    for (const [query, code] of [["per_page=101", "per_page__too_big"], ["category=Fleurs!", "product__category__invalid"], [`q=${"a".repeat(101)}`, "product__q__too_long"]]) {
      const bad = await getJson<{ errors: string[] }>(ctx.app, `/api/v1/products?${query}`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toContain(code);
    }
  });
});

describe("paying a flowers order", () => {
  it("is paid through /paiement's checkout like any deal, and the order view then shows it paid", async () => {
    setSandboxNotifier(async (url, init) => {
      const { pathname, search } = new URL(url);
      return ctx.app.request(`${pathname}${search}`, init);
    });
    try {
      await ctx.db.update(clients).set({ countryCode: "fr" }).where(eq(clients.id, family.clientIds.owner));
      const owner = await signInHeaders(ctx.db, "client", family.emails.owner);
      const before = await getJson<FlowerOrderView>(ctx.app, `/api/v1/flower_funnel/deals/${orderUuid}`, owner);
      expect(before.body.payment).toMatchObject({ deal_id: orderId, paid: false, amount_cents: before.body.totals.ttc_cents });
      const checkout = await ctx.app.request("/api/v1/payments/worldline", { method: "POST", headers: { ...owner, ...JSON_HEADERS }, body: JSON.stringify({ deal_id: orderId }) });
      expect(checkout.status).toBe(201);
      const { external_id } = (await checkout.json()) as { external_id: string };
      const form = new FormData();
      for (const [k, v] of Object.entries({ action: "pay", card_number: "4242424242424242", expiry: "12/30", cvc: "123" })) form.set(k, v);
      const back = new URL((await submitSandboxPage(ctx.db, "worldline", external_id, form)).headers.get("location")!);
      expect((await ctx.app.request(`${back.pathname}${back.search}`)).status).toBe(200);
      const after = await getJson<FlowerOrderView>(ctx.app, `/api/v1/flower_funnel/deals/${orderUuid}`, owner);
      expect(after.body.payment).toMatchObject({ paid: true, amount_cents: 0 });
    } finally {
      setSandboxNotifier(null);
    }
  });
});

describe("abuse of the order endpoint", () => {
  it(`limits orders per caller: a burst of 30 from one address places exactly ${FLOWER_ORDERS_PER_IP}`, async () => {
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 30 }, () => post(orderBody([{ code: "FLE-BOUQUET", quantity: 1 }]), { [PEER_ADDRESS_HEADER]: peerStamp(ip) })));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(FLOWER_ORDERS_PER_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - FLOWER_ORDERS_PER_IP);
    // Another caller is not affected.
    expect((await post(orderBody([{ code: "FLE-BOUQUET", quantity: 1 }]), { [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) })).status).toBe(201);
  });

  it("limits orders per account, whoever calls", async () => {
    const editor = await signInHeaders(ctx.db, "client", family.emails.editor);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await post(orderBody([{ code: "FLE-BOUQUET", quantity: 1 }], { client: undefined }), { ...editor, [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) })).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("ignores every price the browser sends", async () => {
    const forged = await post(
      orderBody([{ code: "FLE-COURONNE-PRESTIGE", quantity: 1, unit_price_ht_cents: 1, price_ttc_cents: 1 } as never], { totals: { ttc_cents: 1 }, total_cents: 1 }),
      { [PEER_ADDRESS_HEADER]: peerStamp(freshIp()) },
    );
    expect(forged.status).toBe(201);
    expect(forged.body.totals.ttc_cents).toBe(34_900);
    const [deal] = await ctx.db.select({ totalCents: deals.totalCents }).from(deals).where(eq(deals.uuid, forged.body.uuid));
    expect(deal!.totalCents).toBe(34_900);
  });
});

describe("the server's total equals the sum of its lines for any basket", () => {
  // Arrangements a funeral parlour takes (all but plants and grave fronts restricted elsewhere).
  const orderable = DEMO_ARRANGEMENTS.filter((a) => (a.places as readonly string[]).includes("funeral_parlor")).map((a) => a.code);

  it("holds for random baskets priced by the API", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ code: fc.constantFrom(...orderable), quantity: fc.integer({ min: 1, max: 10 }) }), { minLength: 1, maxLength: 10, selector: (item) => item.code }),
        async (items) => {
          const { status, body } = await post(orderBody(items), { [PEER_ADDRESS_HEADER]: peerStamp(`198.51.100.${(emailCounter % 250) + 1}`) });
          expect(status).toBe(201);
          const sum = (key: "total_ht_cents" | "vat_cents" | "total_ttc_cents") => body.lines.reduce((total, line) => total + line[key], 0);
          expect(body.totals.ht_cents).toBe(sum("total_ht_cents"));
          expect(body.totals.vat_cents).toBe(sum("vat_cents"));
          expect(body.totals.ttc_cents).toBe(sum("total_ttc_cents"));
          expect(body.totals.ttc_cents).toBe(body.totals.ht_cents + body.totals.vat_cents);
          for (const line of body.lines) expect(line.total_ht_cents).toBe(line.unit_price_ht_cents * line.quantity);
          const [deal] = await ctx.db.select({ totalCents: deals.totalCents }).from(deals).where(eq(deals.uuid, body.uuid));
          expect(deal!.totalCents).toBe(body.totals.ttc_cents);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("the API document", () => {
  it("describes every new route and its answers field by field", async () => {
    const { body } = await getJson<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }>(ctx.app, "/api/docs");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/flower_funnel/filters",
        "/api/v1/flower_funnel/products",
        "/api/v1/flower_funnel/deals",
        "/api/v1/flower_funnel/deals/{uuid}",
        "/api/v1/flower_funnel/ceremonies",
        "/api/v1/products",
        "/api/v2/deals/funeral/{id}",
        "/api/v2/deals/item/{id}",
        "/api/v2/deals/marble/{id}",
      ]),
    );
    for (const id of ["FlowerProduct", "FlowerFilters", "FlowerOrderCreate", "FlowerDelivery", "FlowerOrder", "FlowerOrderCreated", "FlowerCeremony", "Product", "DealCommentary"]) {
      expect(Object.keys(body.components.schemas[id]?.properties ?? {}).length, id).toBeGreaterThan(0);
    }
  });
});
