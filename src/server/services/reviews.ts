import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { Review, ReviewsAggregate } from "@/domain/schemas/review";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { getReviewsSummary, listReviewsPage } from "@/server/services/reviews-page";

/**
 * GET /api/v1/website/reviews: the reviews the public pages list, newest first, under the
 * counting rule of src/domain/reviews-counting.ts (demo ones only while no real one exists,
 * then flagged `examples`); `internal` is the rating a page may quote: real reviews left on
 * our site only, 0 while there are none.
 */
export async function listReviews(db: Db, params: { page: number; per_page: number }): Promise<{ data: Review[]; meta: PagingMeta; internal: ReviewsAggregate; examples: boolean }> {
  const summary = await getReviewsSummary(db);
  const list = await listReviewsPage(db, { page: params.page, perPage: params.per_page });
  return {
    data: list.items.map((r) => ({
      id: r.id,
      author_name: r.authorName,
      rating: r.rating,
      title: r.title,
      body: r.body,
      city: r.city,
      published_at: epochSeconds(r.publishedAt),
      demo: r.demo,
      source: r.source,
    })),
    meta: pagingMeta(params.page, params.per_page, list.total),
    internal: { rating: summary.quotable.rating, total_reviews: summary.quotable.total },
    examples: summary.scope === "examples",
  };
}
