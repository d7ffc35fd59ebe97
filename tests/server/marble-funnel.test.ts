import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MarbleDealView, MarbleFilters, MarbleProduct, SupplierWarehouseProduct } from "@/domain/schemas/marble-funnel";
import { dealAbilities, dealSteps, deals, marbleDetails } from "@/server/db/schema/deals";
import { graveyards } from "@/server/db/schema/partners";
import { clients } from "@/server/db/schema/users";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { setMailer } from "@/server/integrations/mail/mailer";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { MARBLE_DEALS_PER_IP } from "@/server/services/marble-funnel/create-marble-deal";
import { MARBLE_QUOTE_EMAIL_JOB } from "@/server/services/marble-funnel/save-marble-deal";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { describeFamilyMatrix } from "./helpers/family-matrix";
import { createFamily, type FamilyFixture } from "./helpers/family-fixtures";
import { recordingMailer } from "./helpers/recording-mailer";
import { pdfTextRuns } from "./integrations/pdf/pdf-text";

let ctx: TestContext;
const { mailer: recording, sent } = recordingMailer();
let lyonGraveyard: { id: number; name: string; departmentCode: string | null };

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(recording);
  const [yard] = await ctx.db
    .select({ id: graveyards.id, name: graveyards.name, departmentCode: graveyards.departmentCode })
    .from(graveyards)
    .where(and(eq(graveyards.city, "Lyon"), eq(graveyards.demo, true)))
    .limit(1);
  lyonGraveyard = yard!;
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});
beforeEach(() => {
  sent.length = 0;
});

const PATH = "/api/v1/marble_funnel/deals";
type Created = MarbleDealView & { resume_token: string };

async function send<T = MarbleDealView>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await ctx.app.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // The quote e-mail is a job committed with the deal: run it as the worker would.
  await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [MARBLE_QUOTE_EMAIL_JOB] });
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T & { errors?: string[] }, headers: response.headers };
}

async function dealCount(): Promise<number> {
  const [row] = await ctx.db.select({ value: count() }).from(deals);
  return Number(row!.value);
}

const withToken = (token: string) => ({ "x-resume-token": token });

const CONFIG = {
  model_code: "MON-TRA-SOBRIETE",
  granite_code: "GRA-GRIS-TARN",
  finish_code: "FIN-POLI",
  engraving: { font: "roman", gilded: true, lines: ["Famille Martin", "1931 - 2026"] },
  accessories: [{ code: "ACC-MON-PHOTO", quantity: 1 }],
  options: ["installation"],
} as const;

let emailSeq = 0;
function client(overrides: Record<string, unknown> = {}) {
  emailSeq += 1;
  return { civility: "Mme", firstname: "Claire", lastname: "Martin", phone: "06 12 34 56 78", email: `marble.${emailSeq}@example.org`, contact_channel: "email", consent: true, ...overrides };
}

async function createDeal(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const result = await send<Created>("POST", PATH, body, headers);
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

describe("GET /api/v1/marble_funnel/filters", () => {
  it("lists the configurator's vocabulary, every priced row and the budget range, marked demo", async () => {
    const { status, body, headers } = await getJson<MarbleFilters>(ctx.app, "/api/v1/marble_funnel/filters");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("public, max-age=60");
    expect(body.shapes).toContain("cinerary");
    expect(body.sizes).toContainEqual({ size: "double", width_cm: 140, length_cm: 220 });
    expect(body.granites.length).toBeGreaterThanOrEqual(12);
    expect(body.granites.find((g) => g.code === "GRA-ROSE-CLARTE")).toMatchObject({ name: "Rose de la Clarté", colour_family: "pink", origin_country: "fr" });
    expect(body.catalogue.filter((r) => r.category === "monument_model")).toHaveLength(30);
    expect(body.catalogue.every((r) => r.vat_rate_bp === 2000 && Number.isInteger(r.price_ht_cents))).toBe(true);
    expect(body.budget.min_ttc_cents).toBeGreaterThanOrEqual(90_000);
    expect(body.budget.max_ttc_cents).toBeLessThanOrEqual(700_000);
    expect(body.graveyard).toBeNull();
    expect(body.demo).toBe(true);
  });

  it("adds a graveyard and its concession types, and refuses an unknown one", async () => {
    const { body } = await getJson<MarbleFilters>(ctx.app, `/api/v1/marble_funnel/filters?graveyard_id=${lyonGraveyard.id}`);
    expect(body.graveyard).toMatchObject({ id: lyonGraveyard.id, name: lyonGraveyard.name });
    expect(body.graveyard!.concession_types.length).toBeGreaterThan(0);
    const unknown = await getJson(ctx.app, "/api/v1/marble_funnel/filters?graveyard_id=99999999");
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ error: "Unprocessable Entity", errors: ["monument__graveyard__unknown"] });
    expect((await getJson(ctx.app, "/api/v1/marble_funnel/filters?graveyard_id=abc")).body).toEqual({ error: "Unprocessable Entity", errors: ["id__invalid"] });
  });
});

describe("GET /api/v1/marble_funnel/products", () => {
  type Page = { products: MarbleProduct[]; meta: { page: number; per_page: number; total_count: number; total_pages: number } };

  it("pages the 30 models priced in the cheapest granite, cheapest first, with stock and lead time", async () => {
    const { status, body } = await getJson<Page>(ctx.app, "/api/v1/marble_funnel/products?per_page=12");
    expect(status).toBe(200);
    expect(body.meta).toEqual({ page: 1, per_page: 12, total_count: 30, total_pages: 3 });
    expect(body.products).toHaveLength(12);
    const prices = body.products.map((p) => p.price_ttc_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.products[0]).toMatchObject({ granite_code: "GRA-GRIS-TARN", size: "cinerary", demo: true });
    expect(body.products.every((p) => p.lead_time_days !== null && p.lead_time_days > 0)).toBe(true);
    const last = await getJson<Page>(ctx.app, "/api/v1/marble_funnel/products?per_page=12&page=3");
    expect(last.body.products).toHaveLength(6);
    const beyond = await getJson<Page>(ctx.app, "/api/v1/marble_funnel/products?per_page=12&page=9");
    expect(beyond.body).toMatchObject({ products: [], meta: { total_count: 30 } });
  });

  it("prices the same rows as the server's quote, in the granite asked for", async () => {
    const { body } = await getJson<Page>(ctx.app, "/api/v1/marble_funnel/products?granite_code=gra-noir-fin&q=sobriete");
    expect(body.products).toHaveLength(1);
    // Sobriété 1 690 € HT × 1.35 = 2 281,50 € HT, + 20 % VAT = 2 737,80 €.
    expect(body.products[0]).toMatchObject({ code: "MON-TRA-SOBRIETE", granite_code: "GRA-NOIR-FIN", price_ht_cents: 228_150, price_ttc_cents: 273_780 });
  });

  it("filters by shape, size and budget, and searches without accents or case", async () => {
    const hearts = await getJson<Page>(ctx.app, "/api/v1/marble_funnel/products?shape=heart");
    expect(hearts.body.products.map((p) => p.code).sort()).toEqual(["MON-CIN-COEUR", "MON-COE-TENDRESSE"]);
    const doubles = await getJson<Page>(ctx.app, "/api/v1/marble_funnel/products?size=double&per_page=50");
    expect(doubles.body.products.length).toBeGreaterThan(5);
    expect(doubles.body.products.every((p) => p.size === "double" && p.width_cm === 140)).toBe(true);
    const budget = await getJson<Page>(ctx.app, "/api/v1/marble_funnel/products?min_price_cents=100000&max_price_cents=250000&per_page=50");
    expect(budget.body.products.length).toBeGreaterThan(0);
    expect(budget.body.products.every((p) => p.price_ttc_cents >= 100_000 && p.price_ttc_cents <= 250_000)).toBe(true);
    for (const q of ["ÉLÉGANCE", "elegance", "Élégance"]) {
      const found = await getJson<Page>(ctx.app, `/api/v1/marble_funnel/products?q=${encodeURIComponent(q)}`);
      expect(found.body.products.map((p) => p.code), q).toEqual(["MON-CON-ELEGANCE"]);
    }
    const cinerary = await getJson<Page>(ctx.app, `/api/v1/marble_funnel/products?q=${encodeURIComponent("CINERAIRE")}&per_page=50`);
    expect(cinerary.body.meta.total_count).toBe(6);
  });

  it("answers a code for each bad parameter", async () => {
    const cases: Array<[string, string]> = [
      ["shape=pyramid", "marble__shape__invalid"],
      ["size=triple", "marble__size__invalid"],
      ["per_page=500", "per_page__too_big"],
      ["page=0", "page__invalid"],
      ["min_price_cents=-1", "marble__min_price__invalid"],
      ["max_price_cents=abc", "marble__max_price__invalid"],
      ["sort=random", "marble__sort__invalid"],
      ["granite_code=GRA-NOPE", "monument__granite__unknown"],
      [`q=${"a".repeat(101)}`, "marble__q__too_long"],
      ["q=a%00b", "marble__q__invalid_characters"],
    ];
    for (const [query, code] of cases) {
      const { status, body } = await getJson<{ errors: string[] }>(ctx.app, `/api/v1/marble_funnel/products?${query}`);
      expect(status, query).toBe(422);
      expect(body.errors, query).toEqual([code]);
    }
  });
});

describe("GET /api/v1/marble_funnel/supplier_warehouses_products", () => {
  it("tells which workshops hold a product, the cemetery's département first, with stock and lead time", async () => {
    const { status, body } = await getJson<SupplierWarehouseProduct[]>(ctx.app, "/api/v1/marble_funnel/supplier_warehouses_products?product_codes=MON-TRA-SOBRIETE,GRA-IMPALA&department_code=69");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(2);
    expect(body[0]!.department_code).toBe("69");
    expect(body[0]!.supplier_name).toMatch(/Marbrerie/);
    expect(new Set(body.map((r) => r.product_code))).toEqual(new Set(["MON-TRA-SOBRIETE", "GRA-IMPALA"]));
    expect(body.every((r) => Number.isInteger(r.stock) && r.stock >= 0 && r.lead_time_days > 0)).toBe(true);
    const byId = await getJson<SupplierWarehouseProduct[]>(ctx.app, `/api/v1/marble_funnel/supplier_warehouses_products?product_id=${body[0]!.product_id}`);
    expect(byId.body.every((r) => r.product_id === body[0]!.product_id)).toBe(true);
  });

  it("needs a product and refuses malformed ones", async () => {
    for (const [query, code] of [
      ["", "marble__product__missing"],
      ["product_codes=", "marble__product_codes__invalid"],
      ["product_codes=MON%20X", "marble__product_codes__invalid"],
      ["product_id=-4", "id__invalid"],
      ["product_codes=MON-TRA-SOBRIETE&department_code=999x", "marble__department_code__invalid"],
    ] as const) {
      const { status, body } = await getJson<{ errors: string[] }>(ctx.app, `/api/v1/marble_funnel/supplier_warehouses_products?${query}`);
      expect(status, query).toBe(422);
      expect(body.errors, query).toEqual([code]);
    }
    const none = await getJson(ctx.app, "/api/v1/marble_funnel/supplier_warehouses_products?product_codes=NOT-A-PRODUCT");
    expect(none).toMatchObject({ status: 200, body: [] });
  });
});

describe("POST and PUT /api/v1/marble_funnel/deals", () => {
  it("creates a draft from the first answer, without a quote until model and granite are chosen", async () => {
    const created = await createDeal({ configuration: { model_code: "MON-CIN-CUBE" }, current_step: "granite", locale: "fr" });
    expect(created).toMatchObject({ state: "draft", current_step: "granite", quote: null, supplier: null, valid_until: null, client: null });
    expect(created.configuration).toEqual({ model_code: "MON-CIN-CUBE", granite_code: null, finish_code: "FIN-POLI", engraving: null, accessories: [], options: [] });
    expect(created.resume_token.length).toBeGreaterThan(30);
    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, created.uuid));
    expect(deal).toMatchObject({ kind: "marble", state: "draft", totalCents: 0, demo: true });
  });

  it("prices every line on the server, chooses the workshop near the cemetery and records the monument", async () => {
    const created = await createDeal({ configuration: CONFIG, graveyard_id: lyonGraveyard.id, concession: { plot_reference: "Allée 4, rang 2, n° 17" } });
    const quote = created.quote!;
    expect(quote.lines.map((l) => `${l.kind}:${l.code}`)).toEqual([
      "model:MON-TRA-SOBRIETE",
      "finish:FIN-POLI",
      "engraving:ENG-LETTRE",
      "gilding:ENG-DORURE",
      "accessory:ACC-MON-PHOTO",
      "option:OPT-POSE-SINGLE",
    ]);
    // 169 000 + 0 + 22 letters × (1 250 + 450) + 12 500 + 39 000 = 257 900 HT; VAT 51 580.
    expect(quote.totals).toMatchObject({ ht_cents: 257_900, vat_cents: 51_580, ttc_cents: 309_480 });
    expect(created.supplier!.department_code).toBe(lyonGraveyard.departmentCode);
    expect(created.lead_time_days).toBeGreaterThan(0);
    expect(created.valid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(created.graveyard).toMatchObject({ id: lyonGraveyard.id });
    expect(created.concession).toMatchObject({ plot_reference: "Allée 4, rang 2, n° 17" });
    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, created.uuid));
    expect(deal!.totalCents).toBe(309_480);
    const [detail] = await ctx.db.select().from(marbleDetails).where(eq(marbleDetails.dealId, deal!.id));
    expect(detail).toMatchObject({ monumentModel: "MON-TRA-SOBRIETE", material: "GRA-GRIS-TARN", color: "grey", finish: "FIN-POLI", widthCm: 100, lengthCm: 200, graveyardId: lyonGraveyard.id, leadTimeDays: created.lead_time_days });
    const steps = await ctx.db.select().from(dealSteps).where(eq(dealSteps.dealId, deal!.id));
    expect(steps).toMatchObject([{ stepType: "delivery", locationType: "Graveyard", locationId: lyonGraveyard.id, mode: "auto" }]);
  });

  it("ignores prices and totals sent by the browser", async () => {
    const forged = {
      configuration: { ...CONFIG, price_ht_cents: 1, accessories: [{ code: "ACC-MON-PHOTO", quantity: 1, unit_price_ht_cents: 1 }] },
      quote: { totals: { ttc_cents: 100 } },
      total_cents: 100,
    };
    const created = await createDeal(forged);
    expect(created.quote!.totals.ttc_cents).toBe(309_480);
    const updated = await send("PUT", `${PATH}/${created.uuid}`, { ...forged, configuration: { ...forged.configuration, options: [] } }, withToken(created.resume_token));
    expect(updated.status).toBe(200);
    expect(updated.body.quote!.totals.ttc_cents).toBe(309_480 - 46_800);
  });

  it("saves each later answer, keeps what a save leaves out, and reprices", async () => {
    const created = await createDeal({ configuration: { model_code: "MON-CON-HORIZON" } });
    const key = withToken(created.resume_token);
    const granite = await send("PUT", `${PATH}/${created.uuid}`, { configuration: { model_code: "MON-CON-HORIZON", granite_code: "GRA-BLUE-PEARL" }, current_step: "finish" }, key);
    expect(granite.status).toBe(200);
    // 1 990 € × 1.45 = 2 885,50 € HT.
    expect(granite.body.quote!.lines[0]).toMatchObject({ code: "MON-CON-HORIZON", unit_price_ht_cents: 288_550 });
    const comment = await send("PUT", `${PATH}/${created.uuid}`, { graveyard_id: lyonGraveyard.id, commentary: "Photo à reprendre sur l'ancienne plaque" }, key);
    expect(comment.body.configuration.granite_code).toBe("GRA-BLUE-PEARL");
    expect(comment.body.current_step).toBe("finish");
    // Through the token alone, the family's own words are not shown back.
    expect(comment.body.commentary).toBeNull();
    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, created.uuid));
    expect(deal!.clientCommentary).toBe("Photo à reprendre sur l'ancienne plaque");
    const read = await send("GET", `${PATH}/${created.uuid}`, undefined, key);
    expect(read.body.graveyard!.id).toBe(lyonGraveyard.id);
    expect(read.body.quote!.totals.ttc_cents).toBe(granite.body.quote!.totals.ttc_cents);
  });

  it("answers a code for every bad choice and stores nothing", async () => {
    const before = await dealCount();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ configuration: { model_code: "MON-NOPE", granite_code: "GRA-GRIS-TARN" } }, ["monument__model__unknown"]],
      [{ configuration: { model_code: "MON-TRA-SOBRIETE", granite_code: "FIN-POLI" } }, ["monument__granite__unknown"]],
      [{ configuration: { model_code: "MON-TRA-SOBRIETE", finish_code: "FIN-DORE" } }, ["monument__finish__unknown"]],
      [{ configuration: { model_code: "mon tra", granite_code: null } }, ["monument__model__unknown"]],
      [{ configuration: { accessories: [{ code: "ACC-NOPE" }] } }, ["monument__accessory__unknown"]],
      [{ configuration: { accessories: [{ code: "ACC-MON-VASE", quantity: 9 }] } }, ["monument__accessory_quantity__too_big"]],
      [{ configuration: { accessories: Array.from({ length: 13 }, () => ({ code: "ACC-MON-VASE" })) } }, ["monument__accessories__too_many"]],
      [{ configuration: { options: ["fireworks"] } }, ["monument__option__invalid"]],
      [{ configuration: { engraving: { lines: ["x".repeat(41)] } } }, ["monument__engraving_line__too_long"]],
      [{ configuration: { engraving: { lines: Array.from({ length: 7 }, () => "A") } } }, ["monument__engraving_lines__too_many"]],
      [{ configuration: { engraving: { lines: ["Jean\u0000"] } } }, ["monument__engraving_line__invalid_characters"]],
      [{ configuration: { engraving: { font: "comic", lines: [] } } }, ["monument__engraving_font__invalid"]],
      [{ graveyard_id: 99_999_999 }, ["monument__graveyard__unknown"]],
      [{ concession: { concession_type_id: 99_999_999 } }, ["monument__concession_type__unknown"]],
      [{ concession: { plot_reference: "x".repeat(101) } }, ["monument__plot_reference__too_long"]],
      [{ commentary: "x".repeat(2001) }, ["deal__commentary__too_long"]],
      [{ current_step: "payment" }, ["deal__current_step__invalid"]],
      [{ submit: true, configuration: { model_code: "MON-CIN-CUBE" } }, ["deal__client__missing", "monument__granite__missing"]],
      [{ submit: true, client: client() }, ["monument__model__missing", "monument__granite__missing"]],
      [{ client: { ...client(), consent: false } }, ["client__consent__missing"]],
    ];
    for (const [body, codes] of cases) {
      const result = await send("POST", PATH, body);
      expect(result.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(result.body, JSON.stringify(body).slice(0, 120)).toEqual({ error: "Unprocessable Entity", errors: codes });
    }
    expect(await dealCount()).toBe(before);
    const malformed = await send("PUT", `${PATH}/42`, { configuration: CONFIG });
    expect(malformed.body).toEqual({ error: "Unprocessable Entity", errors: ["deal__uuid__invalid"] });
    const notJson = await send("POST", PATH, "{not json");
    expect(notJson.status).toBe(400);
  });

  it("submits: creates the client without a password, sends the quote e-mail with its PDF link, and locks the token to reading", async () => {
    const family = client({ firstname: "Inès", contact_channel: "phone" });
    const created = await createDeal({ configuration: CONFIG, graveyard_id: lyonGraveyard.id, locale: "fr" });
    const submitted = await send("PUT", `${PATH}/${created.uuid}`, { client: family, submit: true, current_step: "contact" }, withToken(created.resume_token));
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ state: "quote_sent", client: { email: family.email, contact_channel: "phone" } });
    expect(submitted.body.submitted_at).toBeGreaterThan(0);
    const [owner] = await ctx.db.select().from(clients).where(eq(clients.email, family.email));
    expect(owner!.passwordHash).toBeNull();
    const [deal] = await ctx.db.select().from(deals).where(eq(deals.uuid, created.uuid));
    const [ability] = await ctx.db.select().from(dealAbilities).where(eq(dealAbilities.dealId, deal!.id));
    expect(ability).toMatchObject({ clientId: owner!.id, role: "owner" });

    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe(family.email);
    expect(mail.subject).toMatch(/devis de monument/i);
    expect(mail.text).toContain("3\u202f094,80\u00a0€");
    expect(mail.text).toContain(`/api/v1/marble_funnel/deals/${created.uuid}/quote.pdf?token=`);
    expect(mail.text).toContain("/catalogue-pierres-tombales#devis=");
    expect(mail.text).toMatch(/mot de passe/);
    // The e-mail's own link opens the PDF.
    const pdfLink = /(https?:\/\/\S+\/quote\.pdf\?token=\S+)/.exec(mail.text)![1]!;
    const viaLink = await ctx.app.request(new URL(pdfLink).pathname + new URL(pdfLink).search);
    expect(viaLink.status).toBe(200);

    // The same save again sends nothing more; a sent quote is not changed through the link.
    const again = await send("PUT", `${PATH}/${created.uuid}`, { configuration: CONFIG }, withToken(created.resume_token));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual(["deal__sign_in_required"]);
    expect(sent).toHaveLength(1);
  });

  it("writes the e-mail in the family's language", async () => {
    const created = await createDeal({ configuration: CONFIG, locale: "ar", client: client(), submit: true });
    expect(created.state).toBe("quote_sent");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.locale).toBe("ar");
    expect(sent[0]!.html).toContain('dir="rtl"');
    expect(sent[0]!.subject).toContain("عرض سعر");
  });

  it("never puts a deal under an address another account holds", async () => {
    const taken = await send("POST", PATH, { configuration: CONFIG, client: client({ email: "client@demo.test" }) });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual(["client__email__taken"]);
    const created = await createDeal({ configuration: CONFIG });
    const attach = await send("PUT", `${PATH}/${created.uuid}`, { client: client({ email: "client@demo.test" }) }, withToken(created.resume_token));
    expect(attach.body.errors).toEqual(["client__email__taken"]);
    // The account holder, signed in, may.
    const mine = await send("PUT", `${PATH}/${created.uuid}`, { client: client({ email: "client@demo.test" }) }, { ...withToken(created.resume_token), ...(await signInHeaders(ctx.db, "client", "client@demo.test")) });
    expect(mine.status).toBe(200);
    expect(mine.body.client!.email).toBe("client@demo.test");
  });
});

describe("GET /api/v1/marble_funnel/deals/{uuid}/quote.pdf", () => {
  it("prints the drawing, every line with its VAT, the totals, the workshop, the delay, the validity and the cemetery", async () => {
    const family = client({ firstname: "Hélène", lastname: "Dupré" });
    const created = await createDeal({ configuration: { ...CONFIG, granite_code: "GRA-ROSE-CLARTE" }, graveyard_id: lyonGraveyard.id, concession: { plot_reference: "Carré B n° 12" }, client: family });
    const owner = await signInHeadersFor(family.email);
    const response = await ctx.app.request(`${PATH}/${created.uuid}/quote.pdf`, { headers: owner });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // The drawing is embedded as an image.
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
    const text = pdfTextRuns(pdf).join(" ").replace(/[\s\u00a0\u202f]+/g, " ");
    const euros = (cents: number) => `${new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2 }).format(cents / 100).replace(/[\u00a0\u202f]/g, " ")} €`;
    for (const line of created.quote!.lines) {
      expect(text).toContain(line.label.replace(/\s+/g, " "));
      expect(text).toContain(euros(line.total_ttc_cents));
    }
    expect(text).toContain(euros(created.quote!.totals.ht_cents));
    expect(text).toContain(euros(created.quote!.totals.vat_cents));
    expect(text).toContain(`Total TTC du devis`);
    expect(text).toContain(euros(created.quote!.totals.ttc_cents));
    expect(text).toContain("TVA 20 %");
    expect(text).toContain("Rose de la Clarté");
    expect(text).toContain("Mme Hélène Dupré");
    expect(text).toContain(created.supplier!.warehouse_name);
    expect(text).toContain(`${created.lead_time_days} jours`);
    expect(text).toContain(lyonGraveyard.name);
    expect(text).toContain("Carré B n° 12");
    expect(text).toContain("3 mois");
    expect(text).toContain("Document de démonstration");
    expect(text).toContain("L. 221-28");
  });

  it("answers 404 until the quote exists, and for an unknown uuid", async () => {
    const draft = await createDeal({ configuration: { model_code: "MON-CIN-CUBE" } });
    expect((await send("GET", `${PATH}/${draft.uuid}/quote.pdf?token=${draft.resume_token}`)).status).toBe(404);
    expect((await send("GET", `${PATH}/3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b/quote.pdf`)).status).toBe(404);
  });
});

async function signInHeadersFor(email: string) {
  await ctx.db.update(clients).set({ passwordHash: "x" }).where(eq(clients.email, email));
  return signInHeaders(ctx.db, "client", email);
}

describe("abuse", () => {
  it("the uuid alone opens nothing: no read, no write, no PDF, and the token hides who the family is", async () => {
    const family = client({ lastname: "Kerguelen" });
    const created = await createDeal({ configuration: CONFIG, client: family, commentary: "Merci", concession: { plot_reference: "Allée 3" } });
    for (const headers of [{}, withToken("A".repeat(43))]) {
      expect((await send("GET", `${PATH}/${created.uuid}`, undefined, headers)).status).toBe(404);
      expect((await send("PUT", `${PATH}/${created.uuid}`, { configuration: CONFIG }, headers)).status).toBe(404);
      expect((await send("GET", `${PATH}/${created.uuid}/quote.pdf`, undefined, headers)).status).toBe(404);
    }
    expect((await send("GET", `${PATH}/${created.uuid}/quote.pdf?token=not-the-token`)).status).toBe(404);
    const byToken = await send("GET", `${PATH}/${created.uuid}`, undefined, withToken(created.resume_token));
    expect(byToken.status).toBe(200);
    expect(byToken.body).toMatchObject({ client: null, commentary: null, concession: { plot_reference: null } });
    const pdf = await ctx.app.request(`${PATH}/${created.uuid}/quote.pdf?token=${created.resume_token}`);
    expect(pdf.status).toBe(200);
    expect(pdfTextRuns(Buffer.from(await pdf.arrayBuffer())).join(" ")).not.toContain(family.lastname);
  });

  it("another family's token or session opens nothing of this deal", async () => {
    const mine = await createDeal({ configuration: CONFIG, client: client() });
    const theirs = await createDeal({ configuration: CONFIG });
    expect((await send("GET", `${PATH}/${mine.uuid}`, undefined, withToken(theirs.resume_token))).status).toBe(404);
    expect((await send("PUT", `${PATH}/${mine.uuid}`, { configuration: CONFIG }, withToken(theirs.resume_token))).status).toBe(404);
    const stranger = await signInHeaders(ctx.db, "client", "client@demo.test");
    expect((await send("GET", `${PATH}/${mine.uuid}`, undefined, stranger)).status).toBe(404);
    expect((await send("GET", `${PATH}/${mine.uuid}/quote.pdf`, undefined, stranger)).status).toBe(404);
    // A funeral deal's uuid is not a marble deal.
    const funeral = await send<{ uuid: string; resume_token: string }>("POST", "/api/v1/funeral_funnel/deals", { answers: { situation: "death-occurred" } });
    expect((await send("GET", `${PATH}/${funeral.body.uuid}`, undefined, withToken(funeral.body.resume_token))).status).toBe(404);
  });

  it("a caller flooding new quotes is stopped with Retry-After, others are not", async () => {
    const flooder = { [PEER_ADDRESS_HEADER]: peerStamp("203.0.113.77") };
    for (let i = 0; i < MARBLE_DEALS_PER_IP; i++) expect((await send("POST", PATH, { configuration: { model_code: "MON-CIN-CUBE" } }, flooder)).status).toBe(201);
    const stopped = await send("POST", PATH, { configuration: { model_code: "MON-CIN-CUBE" } }, flooder);
    expect(stopped.status).toBe(429);
    expect(stopped.body).toEqual({ error: "Too Many Requests", message: "rate_limited" });
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send("POST", PATH, {}, { [PEER_ADDRESS_HEADER]: peerStamp("203.0.113.78") })).status).toBe(201);
  });
});

describeAuthorizationMatrix("marble funnel catalogue", () => ctx, [
  { request: "GET /api/v1/marble_funnel/filters", expect: { visitor: 200, client: 200, admin: 200, guest: 200, forged: 200 } },
  { request: "GET /api/v1/marble_funnel/products?q=croix", expect: { visitor: 200, client: 200, advisor: 200, pro: 200, borrowed: 200 } },
  { request: "GET /api/v1/marble_funnel/supplier_warehouses_products?product_codes=MON-CIN-CUBE", expect: { visitor: 200, client: 200, director: 200 } },
  { request: "POST /api/v1/marble_funnel/deals", body: { configuration: { model_code: "MON-CIN-CUBE" } }, expect: { visitor: 201, client: 201, admin: 201, forged: 201 } },
  { request: "GET /api/v1/autocompletes/graveyards?q=lyon", expect: { visitor: 200, client: 200 } },
]);

let family: FamilyFixture;
let familyDeal: Created;
beforeAll(async () => {
  family = await createFamily(ctx.db, "marble");
  familyDeal = await createDeal({ configuration: CONFIG, graveyard_id: lyonGraveyard.id });
  const [deal] = await ctx.db.select({ id: deals.id }).from(deals).where(eq(deals.uuid, familyDeal.uuid));
  for (const role of ["owner", "editor", "reader", "notary"] as const) {
    await ctx.db.insert(dealAbilities).values({ dealId: deal!.id, clientId: family.clientIds[role], role, link: role === "notary" ? "notary" : "child" });
  }
});

describeFamilyMatrix("marble funnel deal", () => ctx, () => family.emails, [
  {
    title: "GET /api/v1/marble_funnel/deals/{uuid}",
    request: () => `GET ${PATH}/${familyDeal.uuid}`,
    expect: { owner: 200, editor: 200, reader: 200, notary: 200, stranger: 404, visitor: 404, forged: 404, advisor: 404, admin: 404 },
  },
  {
    title: "PUT /api/v1/marble_funnel/deals/{uuid}",
    request: () => `PUT ${PATH}/${familyDeal.uuid}`,
    body: { configuration: CONFIG },
    expect: { owner: 200, editor: 200, reader: 403, notary: 403, stranger: 404, visitor: 404, advisor: 404 },
  },
  {
    title: "GET /api/v1/marble_funnel/deals/{uuid}/quote.pdf",
    request: () => `GET ${PATH}/${familyDeal.uuid}/quote.pdf`,
    expect: { owner: 200, editor: 200, reader: 200, notary: 200, stranger: 404, visitor: 404, guest: 404 },
  },
]);

describe("GET /api/docs", () => {
  it("documents every marble funnel route and its answers field by field", async () => {
    type Schema = { properties?: Record<string, unknown> };
    const { body } = await getJson<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, Schema> } }>(ctx.app, "/api/docs");
    expect(Object.keys(body.paths["/api/v1/marble_funnel/deals"]!)).toEqual(["post"]);
    expect(Object.keys(body.paths["/api/v1/marble_funnel/deals/{uuid}"]!).sort()).toEqual(["get", "put"]);
    for (const path of ["/api/v1/marble_funnel/filters", "/api/v1/marble_funnel/products", "/api/v1/marble_funnel/supplier_warehouses_products", "/api/v1/marble_funnel/deals/{uuid}/quote.pdf"]) {
      expect(Object.keys(body.paths[path] ?? {}), path).toEqual(["get"]);
    }
    for (const id of ["MarbleDeal", "MarbleDealCreated", "MarbleDealCreate", "MarbleDealUpdate", "MonumentConfiguration", "MonumentQuote", "MonumentLine", "MarbleFilters", "MarbleProducts", "MarbleProduct", "SupplierWarehouseProduct"]) {
      expect(Object.keys(body.components.schemas[id]?.properties ?? {}).length, id).toBeGreaterThan(1);
    }
  });
});
