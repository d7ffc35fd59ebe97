import { describe, expect, it } from "vitest";
import { distributionRows, paginationView, readPageParam, reviewsForJsonLd, reviewsPagePath } from "@/features/reviews/reviews-view";
import type { PublicReview } from "@/server/services/reviews-page";

describe("readPageParam", () => {
  it("reads ?page= strictly", () => {
    expect(readPageParam(undefined)).toEqual({ kind: "page", page: 1 });
    expect(readPageParam("3")).toEqual({ kind: "page", page: 3 });
    expect(readPageParam(["4", "5"])).toEqual({ kind: "page", page: 4 });
    expect(readPageParam("1")).toEqual({ kind: "first" });
    for (const bad of ["0", "-2", "2.5", "abc", "", "1e3", "9999999"]) expect(readPageParam(bad), bad).toEqual({ kind: "invalid" });
  });

  it("builds page addresses, the first page without a query", () => {
    expect(reviewsPagePath(1)).toBe("/avis-paisible");
    expect(reviewsPagePath(3)).toBe("/avis-paisible?page=3");
  });
});

describe("paginationView", () => {
  it("links previous and next pages and the pages around the current one", () => {
    const view = paginationView(5, 9);
    expect(view.previous).toBe("/avis-paisible?page=4");
    expect(view.next).toBe("/avis-paisible?page=6");
    expect(view.items.map((i) => (i === null ? "…" : i.page))).toEqual([1, "…", 3, 4, 5, 6, 7, "…", 9]);
    expect(view.items.filter((i) => i?.current).map((i) => i!.page)).toEqual([5]);
  });

  it("has no previous link on the first page and no next link on the last", () => {
    expect(paginationView(1, 6).previous).toBeNull();
    expect(paginationView(6, 6).next).toBeNull();
    expect(paginationView(1, 1).items).toEqual([{ page: 1, href: "/avis-paisible", current: true }]);
  });
});

describe("distributionRows", () => {
  it("lists 5 to 1 stars with their share of all reviews", () => {
    expect(distributionRows({ distribution: [0, 0, 4, 14, 42], total: 60 })).toEqual([
      { stars: 5, count: 42, percent: 70 },
      { stars: 4, count: 14, percent: 23 },
      { stars: 3, count: 4, percent: 7 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
    expect(distributionRows({ distribution: [0, 0, 0, 0, 0], total: 0 }).every((r) => r.percent === 0)).toBe(true);
  });
});

describe("reviewsForJsonLd", () => {
  const review = (over: Partial<PublicReview>): PublicReview => ({
    id: 1,
    authorName: "Sophie M.",
    rating: 5,
    title: "Un accompagnement humain",
    body: "Tout était clair.",
    city: "Lyon",
    publishedAt: new Date("2025-03-02T10:00:00Z"),
    published: true,
    demo: false,
    source: null,
    externalUrl: null,
    ...over,
  });

  it("leaves out examples and reviews imported from other platforms (never marked up)", () => {
    expect(reviewsForJsonLd([review({ demo: true }), review({ id: 3, source: "google", externalUrl: "https://g.co/r/1" })])).toEqual([]);
  });

  it("keeps the published reviews of the page, in French, dated by day", () => {
    expect(reviewsForJsonLd([review({}), review({ id: 2, published: false })])).toEqual([
      { authorName: "Sophie M.", rating: 5, body: "Un accompagnement humain. Tout était clair.", datePublished: "2025-03-02", inLanguage: "fr" },
    ]);
    expect(reviewsForJsonLd([review({ title: null })])[0]!.body).toBe("Tout était clair.");
  });
});
