import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ARRANGEMENTS } from "@/domain/flowers/arrangements";
import { parisToInstant } from "@/domain/flowers/delivery-rules";
import type { FlowerCeremony, FlowerFiltersResponse, FlowerOrderView, FlowerProductsResponse } from "@/domain/schemas/flower-funnel";
import { products } from "@/server/db/schema/catalog";
import { dealAbilities, dealCommunications, dealSteps, deals, dealsProducts } from "@/server/db/schema/deals";
import { notifications } from "@/server/db/schema/content";
import { flowerOrders } from "@/server/db/schema/flowers";
import { worships } from "@/server/db/schema/partners";
import { clients } from "@/server/db/schema/users";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { FLOWER_ORDER_EMAIL_JOB } from "@/server/services/flower-funnel/context";
import { fakeClock } from "./auth-helpers";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { createFamily, type FamilyFixture } from "./helpers/family-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";

/**
 * The flowers funnel's API (issue 13): the catalogue, the order priced by the server and
 * checked against the delivery rules, the delivery to a ceremony taken from the funeral
 * deal's own steps, the order view behind its resume token, and the order e-mail.
 */

let ctx: TestContext;
let clock: ReturnType<typeof fakeClock>;
let family: FamilyFixture;
let funeralUuid: string;
let worshipId: number;
const { mailer: recording, sent } = recordingMailer();

// Wednesday 25 November 2026, 09:00 in Paris: tomorrow can still be promised.
const NOW = parisToInstant({ date: "2026-11-25", time: "09:00" });
const FRIDAY = "2026-11-27";
const CEREMONY = { date: FRIDAY, time: "14:30" };

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recording);
  clock = fakeClock(NOW);
  family = await createFamily(ctx.db, "flowers");
  const [deal] = await ctx.db.select({ uuid: deals.uuid }).from(deals).where(eq(deals.id, family.dealId));
  funeralUuid = deal!.uuid;
  const [worship] = await ctx.db.select({ id: worships.id }).from(worships).limit(1);
  worshipId = worship!.id;
  await ctx.db.insert(dealSteps).values({ dealId: family.dealId, stepType: "ceremony", position: 3, scheduledAt: parisToInstant(CEREMONY), locationType: "Worship", locationId: worshipId, mode: "manual" });
});
afterAll(async () => {
  clock?.restore();
  setMailer(null);
  await ctx?.close();
});
beforeEach(() => {
  sent.length = 0;
});

const JSON_HEADERS = { "content-type": "application/json" };
let emailCounter = 0;
const freshEmail = () => `famille.fleurs.${++emailCounter}@example.org`;
const client = (overrides: Record<string, unknown> = {}) => ({ civility: "Mme", firstname: "Claire", lastname: "Dubois", email: freshEmail(), phone: "06 12 34 56 78", consent: true, ...overrides });
const homeDelivery = (overrides: Record<string, unknown> = {}) => ({
  place: "home",
  recipient_name: "Famille Dubois",
  address: "12 rue des Lilas",
  postal_code: "69003",
  city: "Lyon",
  date: FRIDAY,
  time: "10:00",
  ...overrides,
});
const order = (overrides: Record<string, unknown> = {}) => ({
  items: [{ code: "FLE-BOUQUET-BLANC", quantity: 2 }],
  delivery: homeDelivery(),
  message: { kind: "card", text: "Avec toute notre affection" },
  client: client(),
  locale: "fr",
  ...overrides,
});

async function post<T = FlowerOrderView & { resume_token: string }>(body: unknown, headers: Record<string, string> = {}) {
  const response = await ctx.app.request("/api/v1/flower_funnel/deals", { method: "POST", headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  // The order e-mail is a job committed with the deal: run it as the worker would.
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [FLOWER_ORDER_EMAIL_JOB], now: clock.now });
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

async function errorsOf(body: unknown, headers: Record<string, string> = {}): Promise<string[]> {
  const result = await post<{ errors?: string[] }>(body, headers);
  expect(result.status).toBe(422);
  return result.body.errors ?? [];
}

async function priceOf(code: string) {
  const [row] = await ctx.db.select({ priceCents: products.priceCents, vatRateBp: products.vatRateBp }).from(products).where(eq(products.code, code));
  return row!;
}

describe("GET /api/v1/flower_funnel/products", () => {
  it("lists at least 40 demo arrangements with their pictures and prices including VAT", async () => {
    const { status, body } = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?per_page=60");
    expect(status).toBe(200);
    expect(body.meta.total_count).toBeGreaterThanOrEqual(40);
    expect(body.items).toHaveLength(body.meta.total_count);
    for (const item of body.items) {
      expect(item.demo).toBe(true);
      expect(item.picture).toBe(`/catalogue/fleurs/${item.code}.svg`);
      expect(item.vat_rate_bp).toBe(1000);
      expect(item.price_ttc_cents).toBe(item.price_ht_cents + Math.floor((item.price_ht_cents * 1000 + 5000) / 10000));
    }
    // Every arrangement of the demo table is there; new ones show their round price including VAT.
    const byCode = new Map(body.items.map((item) => [item.code, item]));
    for (const arrangement of DEMO_ARRANGEMENTS) {
      expect(byCode.has(arrangement.code)).toBe(true);
      if ("ttcEuros" in arrangement) expect(byCode.get(arrangement.code)!.price_ttc_cents).toBe(arrangement.ttcEuros * 100);
    }
  });

  it("filters by type, colour, flower, place and budget, any value within a filter, every filter at once", async () => {
    const wreaths = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?type=wreath,heart&per_page=60");
    expect(wreaths.body.items.length).toBeGreaterThan(5);
    expect(wreaths.body.items.every((item) => item.type === "wreath" || item.type === "heart")).toBe(true);
    const whiteRoses = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?colour=white&flower=rose&place=home&per_page=60");
    expect(whiteRoses.body.items.length).toBeGreaterThan(0);
    expect(whiteRoses.body.items.every((i) => i.colours.includes("white") && i.flowers.includes("rose") && i.places.includes("home"))).toBe(true);
    const cheap = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?budget=under_60,over_250&per_page=60");
    expect(cheap.body.items.length).toBeGreaterThan(0);
    expect(cheap.body.items.every((i) => i.price_ttc_cents < 6000 || i.price_ttc_cents >= 25000)).toBe(true);
  });

  it("searches names ignoring accents and case, word by word", async () => {
    for (const q of ["COEUR", "cœur", "coeur roses"]) {
      const { body } = await getJson<FlowerProductsResponse>(ctx.app, `/api/v1/flower_funnel/products?q=${encodeURIComponent(q)}`);
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.every((i) => i.type === "heart")).toBe(true);
    }
    const peonies = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?q=pivoine");
    expect(peonies.body.items.map((i) => i.code)).toEqual(["FLE-DESSUS-PIVOINES"]);
    const none = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?q=tournesol");
    expect(none.body).toEqual({ items: [], meta: { page: 1, per_page: 24, total_count: 0, total_pages: 0 } });
  });

  it("pages and sorts by price, and past the last page still tells the total", async () => {
    const first = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?per_page=5&sort=price_asc");
    const second = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?per_page=5&page=2&sort=price_asc");
    const prices = [...first.body.items, ...second.body.items].map((i) => i.price_ttc_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(first.body.items[0]!.code).toBe("FLE-PLANTE-CHRYSANTHEME");
    const beyond = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?per_page=5&page=99");
    expect(beyond.body.items).toEqual([]);
    expect(beyond.body.meta.total_count).toBe(first.body.meta.total_count);
  });

  it("answers 422 with a code for a bad filter, a page too big or a search too long", async () => {
    const cases: Array<[string, string]> = [
      ["type=spray,unicorn", "flower_filter__type__invalid"],
      ["colour=plaid", "flower_filter__colour__invalid"],
      ["budget=free", "flower_filter__budget__invalid"],
      ["per_page=61", "per_page__too_big"],
      ["page=0", "page__invalid"],
      ["sort=random", "flower_filter__sort__invalid"],
      [`q=${"a".repeat(101)}`, "flower_filter__q__too_long"],
    ];
    for (const [query, code] of cases) {
      const { status, body } = await getJson<{ errors: string[] }>(ctx.app, `/api/v1/flower_funnel/products?${query}`);
      expect(status, query).toBe(422);
      expect(body.errors).toContain(code);
    }
  });
});

describe("GET /api/v1/flower_funnel/filters", () => {
  it("counts the arrangements behind each value, and the counts match the listing", async () => {
    const { status, body } = await getJson<FlowerFiltersResponse>(ctx.app, "/api/v1/flower_funnel/filters");
    expect(status).toBe(200);
    expect(body.types.reduce((sum, t) => sum + t.count, 0)).toBe(body.total);
    expect(body.budgets.reduce((sum, b) => sum + b.count, 0)).toBe(body.total);
    expect(body.price.min_ttc_cents).toBe(3500);
    for (const type of body.types.filter((t) => t.count > 0).slice(0, 4)) {
      const listing = await getJson<FlowerProductsResponse>(ctx.app, `/api/v1/flower_funnel/products?type=${type.value}`);
      expect(listing.body.meta.total_count).toBe(type.count);
    }
  });

  it("keeps the other values of a ticked filter counted, and narrows the other filters", async () => {
    const all = await getJson<FlowerFiltersResponse>(ctx.app, "/api/v1/flower_funnel/filters");
    const red = await getJson<FlowerFiltersResponse>(ctx.app, "/api/v1/flower_funnel/filters?colour=red");
    expect(red.body.colours).toEqual(all.body.colours);
    const redListing = await getJson<FlowerProductsResponse>(ctx.app, "/api/v1/flower_funnel/products?colour=red&per_page=60");
    expect(red.body.total).toBe(redListing.body.meta.total_count);
    const redHearts = red.body.types.find((t) => t.value === "heart")!.count;
    expect(redHearts).toBe(redListing.body.items.filter((i) => i.type === "heart").length);
  });
});

describe("POST /api/v1/flower_funnel/deals", () => {
  it("creates an item deal priced from the database, its delivery step, the orderer's account and the order e-mail", async () => {
    const orderer = client();
    // Prices in the body are ignored: the server prices every line itself.
    const forged = order({
      client: orderer,
      items: [
        { code: "FLE-BOUQUET-BLANC", quantity: 2, unit_price_cents: 1, price_ttc_cents: 1 },
        { code: "FLE-PLANTE-ORCHIDEE", quantity: 1, price_ht_cents: 0 },
      ],
      totals: { ttc_cents: 100 },
      commentary: "Merci de sonner à l'interphone",
    });
    const { status, body, headers } = await post(forged);
    expect(status).toBe(201);
    expect(headers.get("cache-control")).toBe("no-store");
    const bouquet = await priceOf("FLE-BOUQUET-BLANC");
    const orchid = await priceOf("FLE-PLANTE-ORCHIDEE");
    expect(body.lines.map((l) => [l.code, l.quantity, l.unit_price_ht_cents])).toEqual([
      ["FLE-BOUQUET-BLANC", 2, bouquet.priceCents],
      ["FLE-PLANTE-ORCHIDEE", 1, orchid.priceCents],
    ]);
    // VAT is rounded per line: two bouquets at 59 € are not quite 118 €, but always the sum of the lines.
    const lineTtc = (ht: number, quantity: number) => ht * quantity + Math.floor((ht * quantity * 1000 + 5000) / 10000);
    expect(body.totals.ttc_cents).toBe(lineTtc(bouquet.priceCents, 2) + lineTtc(orchid.priceCents, 1));
    expect(body.lines.reduce((sum, line) => sum + line.total_ttc_cents, 0)).toBe(body.totals.ttc_cents);
    expect(body.totals.ht_cents + body.totals.vat_cents).toBe(body.totals.ttc_cents);
    expect(body.state).toBe("ordered");
    expect(body.demo).toBe(true);
    expect(body.resume_token.length).toBeGreaterThanOrEqual(32);
    expect(body.delivery).toMatchObject({ place: "home", recipient_name: "Famille Dubois", address: "12 rue des Lilas", postal_code: "69003", city: "Lyon", date: FRIDAY, time: "10:00", funeral_deal: null, ceremony: null });
    expect(body.message).toEqual({ kind: "card", text: "Avec toute notre affection" });
    expect(body.commentary).toBe("Merci de sonner à l'interphone");
    expect(body.client).toEqual({ firstname: "Claire", lastname: "Dubois", email: orderer.email, phone: "0612345678" });
    expect(body.payment).toEqual({ deal_id: body.id, path: `/paiement?deal=${body.id}`, amount_cents: body.totals.ttc_cents, paid: false });

    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, body.uuid));
    expect(deal).toMatchObject({ kind: "item", state: "ordered", totalCents: body.totals.ttc_cents, clientCommentary: "Merci de sonner à l'interphone" });
    const lines = await ctx.db.select().from(dealsProducts).where(eq(dealsProducts.dealId, deal!.id));
    expect(lines.map((l) => [l.quantity, l.unitPriceCents, l.vatRateBp])).toEqual([
      [2, bouquet.priceCents, 1000],
      [1, orchid.priceCents, 1000],
    ]);
    const [step] = await ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, deal!.id));
    expect(step).toMatchObject({ stepType: "delivery", placeKind: "Home", address: "12 rue des Lilas, 69003 Lyon" });
    expect(step!.scheduledAt!.toISOString()).toBe("2026-11-27T09:00:00.000Z");
    const [owner] = await ctx.db
      .select({ email: clients.email, passwordHash: clients.passwordHash })
      .from(dealAbilities)
      .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
      .where(and(eq(dealAbilities.dealId, deal!.id), eq(dealAbilities.role, "owner")));
    expect(owner).toEqual({ email: orderer.email, passwordHash: null });

    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe(orderer.email);
    expect(mail.subject).toContain("commande de fleurs");
    expect(mail.text).toContain(`/paiement?deal=${body.id}`);
    expect(mail.text).toContain("/fleurs-obseques/confirmation#commande=");
    expect(mail.text).toContain("« Avec toute notre affection »");
    expect(mail.text).toContain(`${Math.floor(body.totals.ttc_cents / 100)},${String(body.totals.ttc_cents % 100).padStart(2, "0")}`);
    expect(mail.text).toContain("Choisir mon mot de passe");
  });

  it("writes the e-mail in the order's language", async () => {
    const { status } = await post(order({ locale: "ar" }));
    expect(status).toBe(201);
    expect(sent[0]!.locale).toBe("ar");
    expect(sent[0]!.html).toContain('dir="rtl"');
    expect(sent[0]!.subject).toContain("طلب الزهور");
  });

  it("orders under the signed-in client's account, without a client block", async () => {
    const headers = await signInHeaders(ctx.db, "client", family.emails.editor);
    const { status, body } = await post(order({ client: undefined }), headers);
    expect(status).toBe(201);
    expect(body.client?.email).toBe(family.emails.editor);
    expect(sent[0]!.to).toBe(family.emails.editor);
    expect(sent[0]!.text).not.toContain("Choisir mon mot de passe");
  });

  it("refuses an unknown or inactive product, a quantity out of range, duplicates and an empty basket", async () => {
    expect(await errorsOf(order({ items: [{ code: "FLE-NOPE", quantity: 1 }] }))).toEqual(["flower_order__product__unknown"]);
    // A product that is not a flower arrangement cannot be ordered through this funnel.
    expect(await errorsOf(order({ items: [{ code: "COF-ESS-PIN", quantity: 1 }] }))).toEqual(["flower_order__product__unknown"]);
    await ctx.db.update(products).set({ active: false }).where(eq(products.code, "FLE-BOUQUET-TULIPES"));
    expect(await errorsOf(order({ items: [{ code: "FLE-BOUQUET-TULIPES", quantity: 1 }] }))).toEqual(["flower_order__product__unknown"]);
    await ctx.db.update(products).set({ active: true }).where(eq(products.code, "FLE-BOUQUET-TULIPES"));
    expect(await errorsOf(order({ items: [{ code: "FLE-BOUQUET", quantity: 0 }] }))).toEqual(["flower_order__quantity__out_of_range"]);
    expect(await errorsOf(order({ items: [{ code: "FLE-BOUQUET", quantity: 11 }] }))).toEqual(["flower_order__quantity__out_of_range"]);
    expect(await errorsOf(order({ items: [{ code: "FLE-BOUQUET", quantity: 1.5 }] }))).toEqual(["flower_order__quantity__out_of_range"]);
    expect(await errorsOf(order({ items: [] }))).toEqual(["flower_order__items__missing"]);
    expect(await errorsOf(order({ items: [{ code: "FLE-BOUQUET", quantity: 1 }, { code: "FLE-BOUQUET", quantity: 2 }] }))).toEqual(["flower_order__items__duplicate"]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ code: DEMO_ARRANGEMENTS[i]!.code, quantity: 1 }));
    expect(await errorsOf(order({ items: eleven }))).toEqual(["flower_order__items__too_many"]);
  });

  it("limits the ribbon to 60 characters and the card to 300", async () => {
    const wreath = { items: [{ code: "FLE-COURONNE-BLANCHE", quantity: 1 }], delivery: homeDelivery({ place: "funeral_parlor", recipient_name: null }) };
    expect(await errorsOf(order({ ...wreath, message: { kind: "ribbon", text: "é".repeat(61) } }))).toEqual(["flower_message__text__too_long"]);
    expect((await post(order({ ...wreath, message: { kind: "ribbon", text: "é".repeat(60) } }))).status).toBe(201);
    expect(await errorsOf(order({ message: { kind: "card", text: "x".repeat(301) } }))).toEqual(["flower_message__text__too_long"]);
    expect(await errorsOf(order({ message: { kind: "card", text: "   " } }))).toEqual(["flower_message__text__blank"]);
    expect(await errorsOf(order({ message: { kind: "banner", text: "x" } }))).toEqual(["flower_message__kind__invalid"]);
  });

  it("answers each delivery rule with its own code", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ date: "2026-11-24" }, "delivery__date__past"],
      [{ date: "2026-11-25", time: "17:00" }, "delivery__date__same_day"],
      [{ date: "2026-11-29" }, "delivery__date__sunday"],
      [{ date: "2027-03-01" }, "delivery__date__too_far"],
      [{ time: "07:30" }, "delivery__time__outside_hours"],
      [{ date: "2026-02-30" }, "delivery__date__invalid"],
      [{ time: "9h" }, "delivery__time__invalid"],
      [{ postal_code: "6900" }, "delivery__postal_code__invalid"],
      [{ address: null }, "delivery__address__missing"],
      [{ recipient_name: null }, "delivery__recipient_name__missing"],
    ];
    for (const [change, code] of cases) expect(await errorsOf(order({ delivery: homeDelivery(change) })), code).toEqual([code]);
  });

  it("applies the 14:00 cut-off for tomorrow to the minute", async () => {
    const thursday = { delivery: homeDelivery({ date: "2026-11-26" }) };
    clock.advance(parisToInstant({ date: "2026-11-25", time: "13:59" }).getTime() - clock.now().getTime());
    expect((await post(order(thursday))).status).toBe(201);
    clock.advance(60_000);
    expect(await errorsOf(order(thursday))).toEqual(["delivery__date__too_soon"]);
    clock.advance(NOW.getTime() - clock.now().getTime());
  });

  it("refuses an arrangement the place does not take (no wreath at home)", async () => {
    expect(await errorsOf(order({ items: [{ code: "FLE-COURONNE-ROUGE", quantity: 1 }] }))).toEqual(["flower_order__product__not_deliverable"]);
  });

  it("needs the orderer's details without a session, and never reuses a known address", async () => {
    expect(await errorsOf(order({ client: null }))).toEqual(["flower_order__client__missing"]);
    expect(await errorsOf(order({ client: client({ email: family.emails.owner }) }))).toEqual(["client__email__taken"]);
    expect(await errorsOf(order({ client: client({ phone: "12" }) }))).toEqual(["client__phone__invalid"]);
    expect(await errorsOf(order({ client: client({ consent: false }) }))).toEqual(["client__consent__missing"]);
  });
});

describe("an order sent twice with its key (a retry whose answer was lost)", () => {
  const ordersWithKey = async (key: string) => ctx.db.select({ dealId: flowerOrders.dealId }).from(flowerOrders).where(eq(flowerOrders.orderKey, key));

  it("answers the order already made, with a key that opens it, and sends no second e-mail", async () => {
    const key = "retry-key-0123456789abcdef";
    const body = order({ order_key: key });
    const first = await post(body);
    expect(first.status).toBe(201);
    const mails = sent.length;
    // The same body again: without the key this would be "address taken" (the first made the account).
    const again = await post(body);
    expect(again.status).toBe(201);
    expect(again.body.uuid).toBe(first.body.uuid);
    expect(again.body.totals).toEqual(first.body.totals);
    expect(again.body.resume_token).not.toBe(first.body.resume_token);
    expect(await ordersWithKey(key)).toHaveLength(1);
    expect(sent.length).toBe(mails);
    const view = await getJson(ctx.app, `/api/v1/flower_funnel/deals/${again.body.uuid}`, { "x-resume-token": again.body.resume_token });
    expect(view.status).toBe(200);
  });

  it("makes one order of two sends at once", async () => {
    const key = "race-key-0123456789abcdef";
    const body = order({ order_key: key });
    const [a, b] = await Promise.all([post(body), post(body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.uuid).toBe(b.body.uuid);
    expect(await ordersWithKey(key)).toHaveLength(1);
  });

  it("refuses a malformed key with its code", async () => {
    expect(await errorsOf(order({ order_key: "short" }))).toEqual(["flower_order__order_key__invalid"]);
    expect(await errorsOf(order({ order_key: "x".repeat(16) + "\n" }))).toEqual(["flower_order__order_key__invalid"]);
  });
});

describe("the back-office hears of a flowers order", () => {
  it("notifies the funeral team with the order and logs the order e-mail in the deal's communications", async () => {
    const placed = await post(order());
    expect(placed.status).toBe(201);
    const [deal] = await ctx.db.select({ id: deals.id }).from(deals).where(eq(deals.uuid, placed.body.uuid));
    const notified = await ctx.db.select({ kind: notifications.kind, userId: notifications.businessUserId }).from(notifications).where(eq(notifications.dealId, deal!.id));
    expect(notified.length).toBeGreaterThan(0);
    expect(new Set(notified.map((n) => n.kind))).toEqual(new Set(["flower_order"]));
    const log = await ctx.db.select().from(dealCommunications).where(eq(dealCommunications.dealId, deal!.id));
    expect(log).toEqual([expect.objectContaining({ channel: "email", kind: "flower_order", recipient: sent[0]!.to })]);
  });
});

describe("delivery to the ceremony of a funeral deal", () => {
  it("lists the ceremonies of the deals the signed-in client holds", async () => {
    const owner = await signInHeaders(ctx.db, "client", family.emails.owner);
    const { status, body } = await getJson<{ ceremonies: FlowerCeremony[] }>(ctx.app, "/api/v1/flower_funnel/ceremonies", owner);
    expect(status).toBe(200);
    expect(body.ceremonies).toHaveLength(1);
    expect(body.ceremonies[0]).toMatchObject({ deal_uuid: funeralUuid, step_type: "ceremony", place: "worship", date: FRIDAY, time: "14:30", latest_delivery_time: "13:30", defunct_name: "Jean Martin", problems: [] });
    expect(body.ceremonies[0]!.place_name).toBeTruthy();
    const stranger = await signInHeaders(ctx.db, "client", family.emails.stranger);
    expect((await getJson<{ ceremonies: FlowerCeremony[] }>(ctx.app, "/api/v1/flower_funnel/ceremonies", stranger)).body.ceremonies).toEqual([]);
    expect((await getJson<{ ceremonies: FlowerCeremony[] }>(ctx.app, "/api/v1/flower_funnel/ceremonies")).body.ceremonies).toEqual([]);
  });

  it("takes place, date and time from the deal's steps, never from the browser", async () => {
    const reader = await signInHeaders(ctx.db, "client", family.emails.reader);
    const body = order({
      client: undefined,
      items: [{ code: "FLE-COURONNE-BLANCHE", quantity: 1 }],
      message: { kind: "ribbon", text: "À notre grand-père" },
      // A tampered copy of the ceremony: ignored.
      delivery: { funeral_deal: funeralUuid, place: "home", address: "1 rue Fausse", postal_code: "75001", city: "Paris", date: "2026-12-15" },
    });
    const { status, body: created } = await post(body, reader);
    expect(status).toBe(201);
    expect(created.delivery).toMatchObject({ place: "worship", date: FRIDAY, time: "13:30", funeral_deal: funeralUuid, ceremony: CEREMONY });
    expect(created.delivery.address).not.toBe("1 rue Fausse");
    const [row] = await ctx.db.select().from(flowerOrders).innerJoin(deals, eq(deals.id, flowerOrders.dealId)).where(eq(deals.uuid, created.uuid));
    expect(row!.flower_orders).toMatchObject({ funeralDealId: family.dealId, deliveryPlace: "worship", messageKind: "ribbon" });
    const [step] = await ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, row!.deals.id));
    expect(step).toMatchObject({ stepType: "delivery", locationType: "Worship", locationId: worshipId, placeKind: "Public" });
  });

  it("accepts an earlier time, refuses one less than an hour before the ceremony", async () => {
    const owner = await signInHeaders(ctx.db, "client", family.emails.owner);
    const early = await post(order({ client: undefined, items: [{ code: "FLE-GERBE", quantity: 1 }], delivery: { funeral_deal: funeralUuid, time: "11:00" } }), owner);
    expect(early.status).toBe(201);
    expect(early.body.delivery.time).toBe("11:00");
    expect(await errorsOf(order({ client: undefined, delivery: { funeral_deal: funeralUuid, time: "13:45" } }), owner)).toEqual(["delivery__time__after_ceremony"]);
  });

  it("opens the deal's ceremony with its resume token for a visitor", async () => {
    const created = await post(order({ delivery: homeDelivery() }));
    // The funeral deal's own token: issue one as the funeral funnel would.
    const { issueResumeToken } = await import("@/server/services/deals/resume-tokens");
    const token = await issueResumeToken(ctx.db, family.dealId, clock.now());
    const listed = await getJson<{ ceremonies: FlowerCeremony[] }>(ctx.app, `/api/v1/flower_funnel/ceremonies?deal=${funeralUuid}`, { "x-resume-token": token });
    expect(listed.status).toBe(200);
    expect(listed.body.ceremonies).toHaveLength(1);
    const ordered = await post(order({ delivery: { funeral_deal: funeralUuid } }), { "x-resume-token": token });
    expect(ordered.status).toBe(201);
    expect(ordered.body.delivery.place).toBe("worship");
    // Another deal's token opens nothing.
    expect((await getJson(ctx.app, `/api/v1/flower_funnel/ceremonies?deal=${funeralUuid}`, { "x-resume-token": created.body.resume_token })).status).toBe(404);
  });

  it("delivers on a Sunday to the ceremony of that Sunday, never elsewhere", async () => {
    const sunday = await createFamily(ctx.db, "flowers-sunday");
    const [deal] = await ctx.db.select({ uuid: deals.uuid }).from(deals).where(eq(deals.id, sunday.dealId));
    await ctx.db.insert(dealSteps).values({ dealId: sunday.dealId, stepType: "ceremony", position: 1, scheduledAt: parisToInstant({ date: "2026-11-29", time: "11:00" }), locationType: "Worship", locationId: worshipId, mode: "manual" });
    const owner = await signInHeaders(ctx.db, "client", sunday.emails.owner);
    const created = await post(order({ client: undefined, items: [{ code: "FLE-CROIX-BLANCHE", quantity: 1 }], delivery: { funeral_deal: deal!.uuid } }), owner);
    expect(created.status).toBe(201);
    expect(created.body.delivery).toMatchObject({ date: "2026-11-29", time: "10:00", place: "worship" });
    expect(await errorsOf(order({ client: undefined, delivery: homeDelivery({ date: "2026-11-29" }) }), owner)).toEqual(["delivery__date__sunday"]);
  });

  it("names a malformed funeral deal or place with its code", async () => {
    expect(await errorsOf(order({ delivery: { funeral_deal: "not-a-uuid" } }))).toEqual(["delivery__funeral_deal__invalid"]);
    expect(await errorsOf(order({ delivery: homeDelivery({ place: "moon" }) }))).toEqual(["delivery__place__invalid"]);
  });

  it("answers 404 for a funeral deal the caller does not hold (abuse: another family's ceremony)", async () => {
    const stranger = await signInHeaders(ctx.db, "client", family.emails.stranger);
    const result = await post(order({ client: undefined, delivery: { funeral_deal: funeralUuid } }), stranger);
    expect(result.status).toBe(404);
    expect((await post(order({ delivery: { funeral_deal: funeralUuid } }))).status).toBe(404);
    expect((await post(order({ delivery: { funeral_deal: "3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b" } }))).status).toBe(404);
    expect((await getJson(ctx.app, `/api/v1/flower_funnel/ceremonies?deal=${funeralUuid}`, stranger)).status).toBe(404);
  });

  it("explains a deal without a scheduled ceremony", async () => {
    const other = await createFamily(ctx.db, "flowers-nodate");
    const [deal] = await ctx.db.select({ uuid: deals.uuid }).from(deals).where(eq(deals.id, other.dealId));
    const owner = await signInHeaders(ctx.db, "client", other.emails.owner);
    const body = order({ client: undefined, delivery: { funeral_deal: deal!.uuid } });
    expect(await errorsOf(body, owner)).toEqual(["delivery__funeral_deal__no_ceremony"]);
    await ctx.db.insert(dealSteps).values({ dealId: other.dealId, stepType: "interment", position: 1, locationType: "Graveyard", mode: "auto" });
    expect(await errorsOf(body, owner)).toEqual(["delivery__funeral_deal__no_date"]);
    const listed = await getJson<{ ceremonies: FlowerCeremony[] }>(ctx.app, "/api/v1/flower_funnel/ceremonies", owner);
    expect(listed.body.ceremonies.map((c) => c.problems)).toEqual([["delivery__funeral_deal__no_date"]]);
    await ctx.db.update(dealSteps).set({ scheduledAt: parisToInstant({ date: FRIDAY, time: "10:00" }) }).where(eq(dealSteps.dealId, other.dealId));
    expect(await errorsOf(body, owner)).toEqual(["delivery__funeral_deal__no_place"]);
  });
});

describe("GET /api/v1/flower_funnel/deals/{uuid}", () => {
  it("opens with the resume token (without the orderer's details) or the owner's session; the uuid alone opens nothing", async () => {
    const orderer = client();
    const created = await post(order({ client: orderer }));
    const path = `/api/v1/flower_funnel/deals/${created.body.uuid}`;
    const withToken = await getJson<FlowerOrderView>(ctx.app, path, { "x-resume-token": created.body.resume_token });
    expect(withToken.status).toBe(200);
    expect(withToken.body.client).toBeNull();
    expect(withToken.body.totals).toEqual(created.body.totals);
    expect(withToken.body.lines).toEqual(created.body.lines);
    expect((await getJson(ctx.app, path)).status).toBe(404);
    expect((await getJson(ctx.app, path, { "x-resume-token": "x".repeat(43) })).status).toBe(404);
    const stranger = await signInHeaders(ctx.db, "client", family.emails.stranger);
    expect((await getJson(ctx.app, path, stranger)).status).toBe(404);
    // A funeral deal is not a flowers order.
    expect((await getJson(ctx.app, `/api/v1/flower_funnel/deals/${funeralUuid}`, await signInHeaders(ctx.db, "client", family.emails.owner))).status).toBe(404);
    expect((await getJson(ctx.app, "/api/v1/flower_funnel/deals/not-a-uuid")).status).toBe(422);
  });

  it("keeps the prices frozen at order time when the catalogue changes", async () => {
    const created = await post(order());
    await ctx.db.update(products).set({ priceCents: 99_999 }).where(eq(products.code, "FLE-BOUQUET-BLANC"));
    const again = await getJson<FlowerOrderView>(ctx.app, `/api/v1/flower_funnel/deals/${created.body.uuid}`, { "x-resume-token": created.body.resume_token });
    expect(again.body.totals).toEqual(created.body.totals);
    await ctx.db.update(products).set({ priceCents: created.body.lines[0]!.unit_price_ht_cents }).where(eq(products.code, "FLE-BOUQUET-BLANC"));
  });
});
