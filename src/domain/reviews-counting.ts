/**
 * Which reviews the public pages count and show (issue 16, "keep it honest"):
 * - as soon as one real review exists (left by a family or imported from a platform), demo
 *   reviews neither count nor show;
 * - while only demo reviews exist, they show as examples, clearly labelled, and no page quotes
 *   their figures as a rating (no AggregateRating, no "4.8 out of 5" line elsewhere);
 * - the figures other pages quote and the structured-data aggregate count the reviews left
 *   on our own site only: search engines' review guidelines forbid marking up ratings
 *   collected on other platforms, which stay listed and counted on the reviews page, each
 *   with its source.
 */

export type ReviewsScope = "real" | "examples" | "none";

export function reviewsScope(counts: { real: number; demo: number }): ReviewsScope {
  if (counts.real > 0) return "real";
  return counts.demo > 0 ? "examples" : "none";
}

/** Whether a review of this kind is listed and counted under the scope. */
export function countsInScope(scope: ReviewsScope, review: { demo: boolean }): boolean {
  if (scope === "real") return !review.demo;
  return scope === "examples";
}

/** Reviews counted by star, kind and visibility (one row per group, as a GROUP BY gives them). */
export interface ReviewGroup {
  rating: number;
  demo: boolean;
  /** Imported from another platform. */
  external: boolean;
  count: number;
  /** Of which unpublished (preview mode only). */
  hidden: number;
}

export interface ReviewsFigures {
  scope: ReviewsScope;
  /** Average out of 5 (one decimal) of the reviews listed; 0 when none. */
  rating: number;
  total: number;
  /** Index 0 = 1 star … index 4 = 5 stars. */
  distribution: [number, number, number, number, number];
  unpublished: number;
  /** What other pages and the structured data may quote: our own site's real reviews only. */
  quotable: { rating: number; total: number };
}

const average = (sum: number, n: number) => (n === 0 ? 0 : Math.round((sum / n) * 10) / 10);

export function reviewsFigures(groups: readonly ReviewGroup[]): ReviewsFigures {
  const valid = groups.filter((g) => Number.isInteger(g.rating) && g.rating >= 1 && g.rating <= 5 && g.count > 0);
  const real = valid.filter((g) => !g.demo).reduce((n, g) => n + g.count, 0);
  const demo = valid.filter((g) => g.demo).reduce((n, g) => n + g.count, 0);
  const scope = reviewsScope({ real, demo });
  const distribution: ReviewsFigures["distribution"] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  let unpublished = 0;
  let ownTotal = 0;
  let ownSum = 0;
  for (const g of valid) {
    if (!countsInScope(scope, g)) continue;
    distribution[g.rating - 1]! += g.count;
    total += g.count;
    sum += g.rating * g.count;
    unpublished += g.hidden;
    if (scope === "real" && !g.external) {
      ownTotal += g.count;
      ownSum += g.rating * g.count;
    }
  }
  return { scope, rating: average(sum, total), total, distribution, unpublished, quotable: { rating: average(ownSum, ownTotal), total: ownTotal } };
}
