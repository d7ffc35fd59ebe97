import { sql } from "drizzle-orm";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { Review, ReviewsAggregate } from "@/domain/schemas/review";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

/** Published reviews, newest first, with the aggregate computed from the same rows. */
export async function getReviewsAggregate(db: Db): Promise<ReviewsAggregate> {
  const result = await queryRows<{ total: number; average: number | null }>(db, sql`
    SELECT count(*)::int AS total, round(avg(rating)::numeric, 1)::float8 AS average FROM reviews WHERE published`);
  const row = result[0];
  return { rating: row?.average === null || row?.average === undefined ? 0 : Number(row.average), total_reviews: Number(row?.total ?? 0) };
}

export async function listReviews(db: Db, params: { page: number; per_page: number }): Promise<{ data: Review[]; meta: PagingMeta; internal: ReviewsAggregate }> {
  const internal = await getReviewsAggregate(db);
  const result = await queryRows<{
    id: number;
    author_name: string;
    rating: number;
    title: string | null;
    body: string;
    city: string | null;
    published_at: number;
    demo: boolean;
  }>(db, sql`
    SELECT id, author_name, rating, title, body, city, floor(extract(epoch FROM published_at))::int AS published_at, demo
    FROM reviews WHERE published
    ORDER BY published_at DESC, id DESC
    LIMIT ${params.per_page} OFFSET ${(params.page - 1) * params.per_page}`);
  return {
    data: result.map((r) => ({ ...r, id: Number(r.id), rating: Number(r.rating), published_at: Number(r.published_at) })),
    meta: pagingMeta(params.page, params.per_page, internal.total_reviews),
    internal,
  };
}
