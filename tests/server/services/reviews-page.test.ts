import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "@/server/db/schema/content";
import { getReviewsSummary, listRecentReviews, listReviewsPage } from "@/server/services/reviews-page";
import { createTestDatabase, type TestDatabase } from "../helpers/template";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("reviews of the public pages", () => {
  it("aggregates the published reviews: average to one decimal, count and stars", async () => {
    const summary = await getReviewsSummary(database.db);
    expect(summary.total).toBeGreaterThan(0);
    expect(summary.distribution.reduce((a, b) => a + b, 0)).toBe(summary.total);
    const sum = summary.distribution.reduce((acc, n, i) => acc + n * (i + 1), 0);
    expect(summary.rating).toBe(Math.round((sum / summary.total) * 10) / 10);
    expect(summary.includesDemo).toBe(true);
    expect(summary.unpublished).toBe(0);
  });

  it("pages the list newest first, and an out-of-range page comes back empty with the real page count", async () => {
    const first = await listReviewsPage(database.db, { page: 1, perPage: 10 });
    const second = await listReviewsPage(database.db, { page: 2, perPage: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.publishedAt.getTime()).toBeGreaterThanOrEqual(first.items[9]!.publishedAt.getTime());
    expect(first.items[9]!.publishedAt.getTime()).toBeGreaterThanOrEqual(second.items[0]!.publishedAt.getTime());
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(20);
    const beyond = await listReviewsPage(database.db, { page: 999, perPage: 10 });
    expect(beyond.items).toEqual([]);
    expect(beyond.totalPages).toBe(first.totalPages);
  });

  it("keeps an unpublished review out of the public figures and shows it in preview only", async () => {
    const before = await getReviewsSummary(database.db);
    const [hidden] = await database.db
      .insert(reviews)
      .values({ authorName: "Test A.", rating: 1, body: "En attente de modération", publishedAt: new Date(Date.now() + 60_000), published: false })
      .returning({ id: reviews.id });
    try {
      expect(await getReviewsSummary(database.db)).toEqual(before);
      expect((await listRecentReviews(database.db, 3)).map((r) => r.id)).not.toContain(hidden!.id);
      // In preview the family's review is the one real review: the demo examples step aside.
      const preview = await getReviewsSummary(database.db, { includeUnpublished: true });
      expect(before.scope).toBe("examples");
      expect(preview).toMatchObject({ scope: "real", total: 1, unpublished: 1, distribution: [1, 0, 0, 0, 0] });
      const newest = await listRecentReviews(database.db, 1, { includeUnpublished: true });
      expect(newest[0]).toMatchObject({ id: hidden!.id, published: false });
    } finally {
      await database.db.delete(reviews).where(eq(reviews.id, hidden!.id));
    }
  });
});
