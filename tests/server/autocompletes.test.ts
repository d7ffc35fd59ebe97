import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";

interface Cityhall {
  id: number;
  name: string;
  insee_code: string;
  postal_codes: string[];
  department: { code: string; name: string };
  population: number | null;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const cityhalls = (q: string, extra = "") => getJson<Cityhall[]>(ctx.app, `/api/v1/autocompletes/cityhalls?q=${encodeURIComponent(q)}${extra}`);

describe("GET /api/v1/autocompletes/cityhalls", () => {
  it("ignores accents and case: 'evry' finds Évry-Courcouronnes first", async () => {
    const { status, body } = await cityhalls("evry");
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ name: "Évry-Courcouronnes", insee_code: "91228", department: { code: "91", name: "Essonne" } });
    expect(body.map((c) => c.name)).toContain("Évry-Grégy-sur-Yerre");
  });

  it("finds Lyon by one of its postal codes", async () => {
    const { body } = await cityhalls("69001");
    expect(body[0]).toMatchObject({ name: "Lyon", insee_code: "69123" });
    expect(body[0]!.postal_codes).toContain("69001");
  });

  it("finds a commune by INSEE code, Corsica included", async () => {
    expect((await cityhalls("42218")).body[0]).toMatchObject({ name: "Saint-Étienne" });
    expect((await cityhalls("2A004")).body[0]).toMatchObject({ name: "Ajaccio", insee_code: "2A004" });
  });

  it("spells out 'st': 'st etienne' finds Saint-Étienne first", async () => {
    const { body } = await cityhalls("st etienne");
    expect(body[0]).toMatchObject({ name: "Saint-Étienne", department: { code: "42" } });
  });

  it("ranks communes sharing a prefix by population", async () => {
    const { body } = await cityhalls("saint");
    expect(body).toHaveLength(10);
    const populations = body.map((c) => c.population ?? 0);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(body[0]!.name).toBe("Saint-Étienne");
  });

  it("finds a later word of a name, ranked by population", async () => {
    const { body } = await cityhalls("etienne");
    expect(body[0]!.name).toBe("Saint-Étienne");
    expect(body[1]!.name).toBe("Saint-Étienne-du-Rouvray");
  });

  it("falls back to fuzzy matches for a typo", async () => {
    const { body } = await cityhalls("marseile");
    expect(body[0]!.name).toBe("Marseille");
  });

  it("gives the most populated communes for an empty or missing query", async () => {
    const empty = await cityhalls("");
    const missing = await getJson<Cityhall[]>(ctx.app, "/api/v1/autocompletes/cityhalls");
    expect(empty.status).toBe(200);
    expect(empty.body.slice(0, 3).map((c) => c.name)).toEqual(["Paris", "Marseille", "Lyon"]);
    expect(missing.body).toEqual(empty.body);
  });

  it("honours limit up to 50 and refuses more with a code", async () => {
    expect((await cityhalls("a", "&limit=50")).body).toHaveLength(50);
    expect((await cityhalls("a", "&limit=3")).body).toHaveLength(3);
    const tooMany = await cityhalls("a", "&limit=51");
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toEqual({ error: "Unprocessable Entity", errors: ["autocomplete__limit__too_big"] });
    const notANumber = await cityhalls("a", "&limit=ten");
    expect(notANumber.status).toBe(422);
    expect(notANumber.body).toEqual({ error: "Unprocessable Entity", errors: ["autocomplete__limit__invalid"] });
  });

  it("refuses a query over 100 characters with 422 and a code", async () => {
    const { status, body } = await cityhalls("a".repeat(101));
    expect(status).toBe(422);
    expect(body).toEqual({ error: "Unprocessable Entity", errors: ["autocomplete__q__too_long"] });
  });

  it("needs no sign-in", async () => {
    expect((await cityhalls("lyon")).status).toBe(200);
  });
});

describe("GET /api/v1/autocompletes/{kind} for the other public kinds", () => {
  it("names countries in the requested locale", async () => {
    const fr = await getJson<Array<{ id: string; name: string }>>(ctx.app, "/api/v1/autocompletes/countries?q=alg&locale=fr");
    expect(fr.body[0]).toMatchObject({ id: "dz", name: "Algérie" });
    const de = await getJson<Array<{ id: string; name: string }>>(ctx.app, "/api/v1/autocompletes/countries?q=alg&locale=de");
    expect(de.body[0]).toMatchObject({ id: "dz", name: "Algerien" });
    const ar = await getJson<Array<{ id: string; name: string }>>(ctx.app, "/api/v1/autocompletes/countries?q=dz&locale=ar");
    expect(ar.body[0]).toMatchObject({ id: "dz", name: "الجزائر" });
  });

  it("takes the locale from a locale host when none is asked for", async () => {
    const { body } = await getJson<Array<{ id: string; name: string }>>(ctx.app, "http://en.localhost:3000/api/v1/autocompletes/countries?q=germ");
    expect(body[0]).toMatchObject({ id: "de", name: "Germany" });
  });

  it("refuses an unknown locale with a code", async () => {
    const { status, body } = await getJson(ctx.app, "/api/v1/autocompletes/countries?locale=xx");
    expect(status).toBe(422);
    expect(body).toEqual({ error: "Unprocessable Entity", errors: ["locale__unsupported"] });
  });

  it("lists countries reachable by a flight with countries/flight_estimation", async () => {
    const { status, body } = await getJson<Array<{ id: string; departure_airports: string[] }>>(ctx.app, "/api/v1/autocompletes/countries/flight_estimation?q=alg");
    expect(status).toBe(200);
    expect(body[0]!.id).toBe("dz");
    expect(body[0]!.departure_airports).toEqual(expect.arrayContaining(["CDG", "ORY", "LYS", "MRS"]));
    const none = await getJson<unknown[]>(ctx.app, "/api/v1/autocompletes/countries/flight_estimation?q=islande");
    expect(none.body).toEqual([]);
  });

  it("finds départements by code or name and airports by code or city", async () => {
    const byCode = await getJson<Array<{ code: string; name: string }>>(ctx.app, "/api/v1/autocompletes/departments?q=69");
    expect(byCode.body[0]).toMatchObject({ code: "69", name: "Rhône" });
    const byName = await getJson<Array<{ code: string }>>(ctx.app, "/api/v1/autocompletes/departments?q=bouches");
    expect(byName.body[0]!.code).toBe("13");
    const airport = await getJson<Array<{ iata: string }>>(ctx.app, "/api/v1/autocompletes/airports?q=cdg");
    expect(airport.body[0]!.iata).toBe("CDG");
  });

  it("finds graveyards for a visitor, with the public place's columns only", async () => {
    const { status, body } = await getJson<Array<Record<string, unknown>>>(ctx.app, "/api/v1/autocompletes/graveyards?q=lyon");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body[0]).toMatchObject({ city: "Lyon", demo: true });
    expect(Object.keys(body[0]!).sort()).toEqual(["address", "city", "cityhall_id", "default_concession_type_id", "demo", "department_code", "id", "name", "postal_code"]);
  });

  it("answers 404 for an unknown kind or extra", async () => {
    for (const path of ["/api/v1/autocompletes/unicorns?q=a", "/api/v1/autocompletes/cityhalls/everything?q=a"]) {
      const { status, body } = await getJson(ctx.app, path);
      expect(status).toBe(404);
      expect(body).toEqual({ error: "Not Found", message: "not_found" });
    }
  });
});

describe("business-only kinds", () => {
  const businessKinds = [
    "airlines", "companies", "consulates", "crematoriums", "deals_with_invoices", "defuncts", "document_types", "entity_invoices",
    "flights", "funeral_parlors", "funeral_work_types", "hospitals", "polices", "prefectures", "rha",
    "rule_sets", "suppliers", "worships",
  ];

  it.each(businessKinds)("%s answers a business user a list", async (kind) => {
    const admin = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
    const { status, body } = await getJson<unknown[]>(ctx.app, `/api/v1/autocompletes/${kind}`, admin);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
  });

  // Business kinds: 401 without a business-user session (a client's, a forged token, another
  // user's uid count as none); kinds with families' personal data are 403 to guests and pros.
  describeAuthorizationMatrix("autocompletes", () => ctx, [
    ...businessKinds.map((kind) => ({ request: `GET /api/v1/autocompletes/${kind}?q=a`, expect: { visitor: 401, admin: 200 } })),
    { request: "GET /api/v1/autocompletes/crematoriums?q=lyon", expect: { client: 401, forged: 401, borrowed: 401, guest: 200, pro: 200, advisor: 200 } },
    { request: "GET /api/v1/autocompletes/defuncts?q=a", expect: { client: 401, guest: 403, pro: 200, director: 200, advisor: 200 } },
    { request: "GET /api/v1/autocompletes/cityhalls?q=lyon", expect: { visitor: 200, client: 200, guest: 200 } },
    // The catalogue is public (issue 13): names and public prices, no supplier costs.
    { request: "GET /api/v1/autocompletes/products?q=couronne", expect: { visitor: 200, client: 200, guest: 200, pro: 200, admin: 200 } },
    // The tombstone configurator's cemetery step: graveyards are public places (issue 13).
    { request: "GET /api/v1/autocompletes/graveyards?q=lyon", expect: { visitor: 200, client: 200, forged: 200, guest: 200, admin: 200 } },
    { request: "GET /api/v1/autocompletes/airports/999999/warehouses", expect: { visitor: 401, admin: 404 } },
  ]);

  it("finds demo partners, marked as demo", async () => {
    const advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
    const { body } = await getJson<Array<{ name: string; city: string; demo: boolean }>>(ctx.app, "/api/v1/autocompletes/crematoriums?q=lyon", advisor);
    expect(body[0]).toMatchObject({ name: "Crématorium de Lyon (démo)", city: "Lyon", demo: true });
    const products = await getJson<Array<{ code: string; price_cents: number; vat_rate_bp: number }>>(ctx.app, "/api/v1/autocompletes/products?q=cercueil", advisor);
    expect(products.body.length).toBeGreaterThan(3);
    expect(products.body.every((p) => Number.isInteger(p.price_cents) && [0, 1000, 2000].includes(p.vat_rate_bp))).toBe(true);
  });

  it("keeps personal data from analytics guests and partner pros (403)", async () => {
    const guest = await signInHeaders(ctx.db, "business_user", "analyste@demo.test");
    const { status, body } = await getJson(ctx.app, "/api/v1/autocompletes/defuncts?q=a", guest);
    expect(status).toBe(403);
    expect(body).toEqual({ error: "Forbidden", message: "forbidden" });
    expect((await getJson(ctx.app, "/api/v1/autocompletes/crematoriums", guest)).status).toBe(200);
  });

  it("lists the warehouses of an airport and 404s an unknown parent", async () => {
    const admin = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
    const [cdg] = (await getJson<Array<{ id: number; iata: string }>>(ctx.app, "/api/v1/autocompletes/airports?q=cdg")).body;
    const warehouses = await getJson<Array<{ name: string }>>(ctx.app, `/api/v1/autocompletes/airports/${cdg!.id}/warehouses`, admin);
    expect(warehouses.body.map((w) => w.name)).toContain("Entrepôt fret CDG (démo)");
    expect((await getJson(ctx.app, "/api/v1/autocompletes/airports/999999/warehouses", admin)).status).toBe(404);
    expect((await getJson(ctx.app, "/api/v1/autocompletes/deals/999999/documents", admin)).status).toBe(404);
    const badId = await getJson(ctx.app, "/api/v1/autocompletes/deals/abc/documents", admin);
    expect(badId.status).toBe(422);
    expect(badId.body).toEqual({ error: "Unprocessable Entity", errors: ["id__invalid"] });
  });
});
