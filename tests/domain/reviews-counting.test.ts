import { describe, expect, it } from "vitest";
import { countsInScope, reviewsFigures, reviewsScope, type ReviewGroup } from "@/domain/reviews-counting";

const group = (over: Partial<ReviewGroup>): ReviewGroup => ({ rating: 5, demo: false, external: false, count: 1, hidden: 0, ...over });

describe("which reviews count", () => {
  it("counts real reviews only once one exists, examples while none does", () => {
    expect(reviewsScope({ real: 0, demo: 0 })).toBe("none");
    expect(reviewsScope({ real: 0, demo: 40 })).toBe("examples");
    expect(reviewsScope({ real: 1, demo: 40 })).toBe("real");
    expect(countsInScope("real", { demo: true })).toBe(false);
    expect(countsInScope("real", { demo: false })).toBe(true);
    expect(countsInScope("examples", { demo: true })).toBe(true);
  });

  it("shows examples with their own figures but never lets a page quote them", () => {
    const figures = reviewsFigures([group({ demo: true, rating: 5, count: 30 }), group({ demo: true, rating: 3, count: 10 })]);
    expect(figures.scope).toBe("examples");
    expect(figures.total).toBe(40);
    expect(figures.rating).toBe(4.5);
    expect(figures.quotable).toEqual({ rating: 0, total: 0 });
  });

  it("drops every demo review as soon as one imported review exists", () => {
    const figures = reviewsFigures([group({ demo: true, rating: 5, count: 60 }), group({ external: true, rating: 2, count: 1 })]);
    expect(figures).toMatchObject({ scope: "real", total: 1, rating: 2, distribution: [0, 1, 0, 0, 0] });
    // Imported ratings stay on the page but are not ours to mark up or quote.
    expect(figures.quotable).toEqual({ rating: 0, total: 0 });
  });

  it("quotes our own site's real reviews, listed with imported ones", () => {
    const figures = reviewsFigures([
      group({ rating: 5, count: 3 }),
      group({ rating: 4, count: 1, hidden: 1 }),
      group({ external: true, rating: 1, count: 4 }),
      group({ demo: true, rating: 5, count: 50 }),
    ]);
    expect(figures).toMatchObject({ scope: "real", total: 8, unpublished: 1, distribution: [4, 0, 0, 1, 3] });
    expect(figures.rating).toBe(2.9);
    expect(figures.quotable).toEqual({ rating: 4.8, total: 4 });
  });

  it("ignores ratings outside 1-5 and empty groups", () => {
    expect(reviewsFigures([group({ rating: 0 }), group({ rating: 6 }), group({ count: 0 })])).toMatchObject({ scope: "none", total: 0, rating: 0 });
  });
});
