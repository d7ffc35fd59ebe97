import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/query";
import { createTestApp, getJson, type TestContext } from "./helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/v1/website/cityhalls", () => {
  it("finds a commune by slug (even with an outdated name), INSEE code or id, with its région and nearby partners", async () => {
    const bySlug = await getJson<{ data: { id: number; name: string; slug: string; region: { name: string }; nearby: { crematoriums: Array<{ name: string; demo: boolean }> } } }>(
      ctx.app,
      "/api/v1/website/cityhalls/lyon-69123",
    );
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toMatchObject({ name: "Lyon", slug: "lyon-69123", region: { name: "Auvergne-Rhône-Alpes" } });
    expect(bySlug.body.data.nearby.crematoriums[0]).toMatchObject({ name: "Crématorium de Lyon (démo)", demo: true });
    const renamed = await getJson<{ data: { name: string } }>(ctx.app, "/api/v1/website/cityhalls/lugdunum-69123");
    expect(renamed.body.data.name).toBe("Lyon");
    const corsica = await getJson<{ data: { name: string; insee_code: string } }>(ctx.app, "/api/v1/website/cityhalls/2A004");
    expect(corsica.body.data).toMatchObject({ name: "Ajaccio", insee_code: "2A004" });
    const byId = await getJson<{ data: { name: string } }>(ctx.app, `/api/v1/website/cityhalls/${bySlug.body.data.id}`);
    expect(byId.body.data.name).toBe("Lyon");
  });

  it("answers 404 for an unknown commune and 422 for a malformed key", async () => {
    const unknown = await getJson(ctx.app, "/api/v1/website/cityhalls/atlantis-99999");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Not Found", message: "not_found" });
    const malformed = await getJson(ctx.app, "/api/v1/website/cityhalls/lyon%20%3Cscript%3E");
    expect(malformed.status).toBe(422);
    expect(malformed.body).toEqual({ error: "Unprocessable Entity", errors: ["cityhall__key__invalid"] });
  });

  it("lists communes matching a text, or the largest of a département", async () => {
    const search = await getJson<{ data: Array<{ name: string }> }>(ctx.app, "/api/v1/website/cityhalls?q=bordeaux");
    expect(search.body.data[0]!.name).toBe("Bordeaux");
    const department = await getJson<{ data: Array<{ name: string; department: { code: string } }> }>(ctx.app, "/api/v1/website/cityhalls?department=31&limit=3");
    expect(department.body.data.map((c) => c.name)).toEqual(["Toulouse", "Colomiers", "Tournefeuille"]);
  });
});

describe("GET /api/v1/website/countries", () => {
  it("lists every country named and sorted in the requested locale", async () => {
    const fr = await getJson<{ data: Array<{ code: string; name: string; slug: string }> }>(ctx.app, "/api/v1/website/countries");
    expect(fr.body.data).toHaveLength(250);
    expect(fr.body.data.find((c) => c.code === "ma")).toMatchObject({ name: "Maroc", slug: "maroc" });
    expect(fr.body.data[0]!.name).toBe("Afghanistan");
    const tr = await getJson<{ data: Array<{ code: string; name: string }> }>(ctx.app, "/api/v1/website/countries?locale=tr&code=DE");
    expect(tr.body.data).toEqual([expect.objectContaining({ code: "de", name: "Almanya" })]);
    const zh = await getJson<{ data: Array<{ code: string; name: string }> }>(ctx.app, "/api/v1/website/countries?locale=zh&code=fr");
    expect(zh.body.data[0]!.name).toBe("法国");
  });
});

describe("GET /api/v1/website/departments", () => {
  it("lists every département with its région and number of communes", async () => {
    const { body } = await getJson<{ data: Array<{ code: string; name: string; slug: string; region: { name: string }; cityhalls_count: number }> }>(
      ctx.app,
      "/api/v1/website/departments",
    );
    expect(body.data.length).toBeGreaterThanOrEqual(101);
    expect(body.data.find((d) => d.code === "2A")).toMatchObject({ name: "Corse-du-Sud", slug: "corse-du-sud-2a", region: { name: "Corse" } });
    expect(body.data.find((d) => d.code === "75")?.cityhalls_count).toBe(1);
    expect(body.data.reduce((sum, d) => sum + d.cityhalls_count, 0)).toBeGreaterThan(34_000);
  });
});

describe("GET /api/v1/website/reviews", () => {
  it("pages the demo reviews newest first as examples, and quotes no rating from them", async () => {
    const [expected] = await queryRows<{ total: number; average: string }>(
      ctx.db,
      sql`SELECT count(*)::int AS total, avg(rating)::text AS average FROM reviews WHERE published`,
    );
    const { status, body } = await getJson<{
      data: Array<{ rating: number; published_at: number; author_name: string; demo: boolean }>;
      meta: { page: number; per_page: number; total_count: number; total_pages: number };
      internal: { rating: number; total_reviews: number };
      examples: boolean;
    }>(ctx.app, "/api/v1/website/reviews?page=2&per_page=20");
    expect(status).toBe(200);
    // Only demo reviews in the seed: listed as examples, never a rating a page may quote.
    expect(body.examples).toBe(true);
    expect(body.internal).toEqual({ rating: 0, total_reviews: 0 });
    expect(Number(expected!.average)).toBeGreaterThan(3);
    expect(expected!.total).toBeGreaterThanOrEqual(60);
    expect(body.meta).toEqual({ page: 2, per_page: 20, total_count: expected!.total, total_pages: Math.ceil(expected!.total / 20) });
    expect(body.data).toHaveLength(20);
    const dates = body.data.map((r) => r.published_at);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body.data[0]!.author_name).toMatch(/^\S.* [A-Z]\.$/);
    expect(body.data.every((r) => r.demo)).toBe(true);
  });

  it("leaves hidden reviews out of the list", async () => {
    const before = (await getJson<{ meta: { total_count: number } }>(ctx.app, "/api/v1/website/reviews")).body.meta.total_count;
    await ctx.db.execute(sql`UPDATE reviews SET published = false WHERE id = (SELECT min(id) FROM reviews)`);
    const after = (await getJson<{ meta: { total_count: number } }>(ctx.app, "/api/v1/website/reviews")).body.meta.total_count;
    expect(after).toBe(before - 1);
    await ctx.db.execute(sql`UPDATE reviews SET published = true`);
  });

  it("refuses paging values out of range with codes", async () => {
    const { status, body } = await getJson(ctx.app, "/api/v1/website/reviews?page=0&per_page=500");
    expect(status).toBe(422);
    expect(body).toEqual({ error: "Unprocessable Entity", errors: ["page__invalid", "per_page__too_big"] });
  });
});

describe("GET /api/v1/funding_agencies", () => {
  it("defaults to page 1 with 50 per page and returns the demo agencies", async () => {
    const { status, body } = await getJson<{ data: Array<{ name: string; kind: string; demo: boolean }>; meta: Record<string, number> }>(
      ctx.app,
      "/api/v1/funding_agencies",
    );
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ page: 1, per_page: 50 });
    expect(body.meta.total_count).toBe(body.data.length);
    expect(body.data.map((a) => a.name).join(" ")).toMatch(/CPAM.*CAF.*Agirc-Arrco.*Mutuelle/s);
    expect(body.data.every((a) => a.demo)).toBe(true);
  });

  it("pages on request", async () => {
    const { body } = await getJson<{ data: unknown[]; meta: Record<string, number> }>(ctx.app, "/api/v1/funding_agencies?page=2&per_page=3");
    expect(body.meta).toMatchObject({ page: 2, per_page: 3, total_pages: Math.ceil(body.meta.total_count! / 3) });
    expect(body.data).toHaveLength(3);
  });
});
