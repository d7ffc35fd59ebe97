import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "@/server/db/schema/content";
import { getReviewsSummary, listReviewsPage } from "@/server/services/reviews-page";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";

/**
 * Imported reviews: the import (JSON or CSV, dry run first, upsert by source + external id),
 * the list and hiding, for roles 0-1 only; and the counting rule on the public side: demo
 * reviews are examples (no rating quoted) until a real review exists, then never count.
 */
let ctx: TestContext;
let director: Record<string, string>;

const googleReview = (over: Record<string, unknown> = {}) => ({
  source: "google",
  external_id: "g-100",
  author_name: "Hélène P.",
  rating: 4,
  published_on: "2026-03-02",
  body: "Une équipe à l'écoute, un devis respecté.",
  external_url: "https://maps.google.com/review/g-100",
  ...over,
});

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await ctx.app.request(path, { method, headers: { ...headers, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as ReturnType<typeof JSON.parse> };
}

beforeAll(async () => {
  ctx = await createTestApp();
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
}, 60_000);
afterAll(async () => ctx?.close());

const NONE = { visitor: 401, client: 401, forged: 401, borrowed: 401, advisor: 403, guest: 403, pro: 403 } as const;
describeAuthorizationMatrix(
  "external reviews",
  () => ctx,
  [
    { request: "POST /api/v1/external_reviews/import", body: { dry_run: true, reviews: [googleReview({ external_id: "matrix" })] }, expect: { ...NONE, admin: 200, director: 200 } },
    { request: "GET /api/v1/external_reviews", expect: { ...NONE, admin: 200, director: 200 } },
    { request: "PUT /api/v1/external_reviews/999999", body: { published: false }, expect: { ...NONE, admin: 404, director: 404 } },
  ],
);

describe("external reviews", () => {
  it("while only demo reviews exist, shows them as examples and quotes no rating", async () => {
    const summary = await getReviewsSummary(ctx.db);
    expect(summary.scope).toBe("examples");
    expect(summary.total).toBeGreaterThanOrEqual(60);
    expect(summary.quotable).toEqual({ rating: 0, total: 0 });
    const api = await call("GET", "/api/v1/website/reviews?per_page=5", {});
    expect(api.body.examples).toBe(true);
    expect(api.body.internal).toEqual({ rating: 0, total_reviews: 0 });
    expect(api.body.data.every((r: { demo: boolean }) => r.demo)).toBe(true);
  });

  it("a dry run reports what each line would do and writes nothing", async () => {
    const dry = await call("POST", "/api/v1/external_reviews/import", director, { reviews: [googleReview(), googleReview({ external_id: "g-101", rating: 9 }), googleReview()] });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, imported: false, created: 1, updated: 0 });
    expect(dry.body.lines).toEqual([
      { line: 1, source: "google", external_id: "g-100", action: "create", errors: [] },
      { line: 2, source: "google", external_id: "g-101", action: "invalid", errors: ["external_review__rating__invalid"] },
      { line: 3, source: "google", external_id: "g-100", action: "invalid", errors: ["external_review__external_id__duplicate"] },
    ]);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.externalId, "g-100"))).toHaveLength(0);
    const refused = await call("POST", "/api/v1/external_reviews/import", director, { dry_run: false, reviews: [googleReview(), googleReview({ rating: 0, external_id: "x" })] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["external_review_import__lines__invalid"]);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.externalId, "g-100"))).toHaveLength(0);
    expect((await call("POST", "/api/v1/external_reviews/import", director, { reviews: [], csv: "" })).body.errors).toEqual(["external_review_import__body__one_of"]);
  });

  it("imports, then upserts by source and external id; the demo reviews stop counting", async () => {
    const first = await call("POST", "/api/v1/external_reviews/import", director, { dry_run: false, reviews: [googleReview()] });
    expect(first.body).toMatchObject({ imported: true, created: 1 });
    const csv = [
      "source;external_id;author_name;rating;published_on;body;external_url",
      'google;g-100;Hélène P.;5;2026-03-02;"Une équipe à l\'écoute; merci.";https://maps.google.com/review/g-100',
      "trustpilot;t-1;Marc D.;3;2026-01-15;Correct dans l'ensemble.;",
    ].join("\n");
    const dry = await call("POST", "/api/v1/external_reviews/import", director, { csv });
    expect(dry.body.lines.map((l: { action: string }) => l.action)).toEqual(["update", "create"]);
    const second = await call("POST", "/api/v1/external_reviews/import", director, { dry_run: false, csv });
    expect(second.body).toMatchObject({ imported: true, created: 1, updated: 1 });
    const stored = await ctx.db.select().from(reviews).where(eq(reviews.externalId, "g-100"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rating: 5, source: "google", demo: false, body: "Une équipe à l'écoute; merci." });
    const same = await call("POST", "/api/v1/external_reviews/import", director, { csv });
    expect(same.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    const summary = await getReviewsSummary(ctx.db);
    expect(summary).toMatchObject({ scope: "real", total: 2, rating: 4 });
    // Other platforms' ratings are listed, not quoted nor marked up as ours.
    expect(summary.quotable).toEqual({ rating: 0, total: 0 });
    const page = await listReviewsPage(ctx.db, { page: 1, perPage: 10 });
    expect(page.items.map((r) => r.source)).toEqual(["google", "trustpilot"]);
    expect(page.items.some((r) => r.demo)).toBe(false);
    const api = await call("GET", "/api/v1/website/reviews", {});
    expect(api.body).toMatchObject({ examples: false, meta: { total_count: 2 } });
    expect(api.body.data[0]).toMatchObject({ source: "google", demo: false });
  });

  it("refuses abusive imports: too many lines, a body over the limit, unstorable text, a script link", async () => {
    const many = await call("POST", "/api/v1/external_reviews/import", director, { reviews: Array.from({ length: 1001 }, (_, i) => googleReview({ external_id: `m-${i}` })) });
    expect(many.status).toBe(422);
    expect(many.body.errors).toEqual(["external_review_import__reviews__too_many"]);
    const huge = await call("POST", "/api/v1/external_reviews/import", director, { csv: "x".repeat(1_100_000) });
    expect(huge.status).toBe(413);
    const nul = await call("POST", "/api/v1/external_reviews/import", director, { reviews: [googleReview({ body: "a\u0000b", external_url: "javascript:alert(1)" })] });
    expect(nul.body.lines[0].errors).toEqual(expect.arrayContaining(["external_review__body__invalid_characters", "external_review__external_url__invalid"]));
  });

  it("lists the imported reviews and hides one from the public side", async () => {
    const list = await call("GET", "/api/v1/external_reviews?source=trustpilot", director);
    expect(list.body.data).toHaveLength(1);
    const id = list.body.data[0].id as number;
    const hidden = await call("PUT", `/api/v1/external_reviews/${id}`, director, { published: false });
    expect(hidden.body.data).toMatchObject({ id, published: false, source: "trustpilot", published_on: "2026-01-15" });
    expect((await getReviewsSummary(ctx.db)).total).toBe(1);
    expect((await call("GET", "/api/v1/external_reviews?published=false", director)).body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    // A review left on our site is not an imported one: it cannot be changed through this route.
    const [own] = await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.demo, true)).limit(1);
    expect((await call("PUT", `/api/v1/external_reviews/${own!.id}`, director, { published: false })).status).toBe(404);
  });

  it("once a family's own review is published, it is the quoted rating", async () => {
    await ctx.db.insert(reviews).values({ authorName: "Famille L.", rating: 5, body: "Merci", publishedAt: new Date() });
    const api = await call("GET", "/api/v1/website/reviews", {});
    expect(api.body.internal).toEqual({ rating: 5, total_reviews: 1 });
    expect(api.body.meta.total_count).toBe(2);
  });
});
