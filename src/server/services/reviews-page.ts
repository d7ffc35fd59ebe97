import { count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { reviews } from "@/server/db/schema/content";

/**
 * Reviews as the public pages show them: the aggregate (SPEC §3 "Reviews":
 * internal.rating, internal.total_reviews), the count per star and the list, newest
 * first. Hidden reviews (published = false) only appear in preview mode, where an
 * editor checks them before they go live.
 */

export interface ReviewsVisibility {
  /** Preview mode: unpublished reviews are listed and counted too. */
  includeUnpublished?: boolean;
}

export interface ReviewsSummary {
  /** Average out of 5, one decimal; 0 when there is no review. */
  rating: number;
  total: number;
  /** Number of reviews per star, index 0 = 1 star … index 4 = 5 stars. */
  distribution: [number, number, number, number, number];
  /** Some counted reviews are demonstration data and must be labelled so. */
  includesDemo: boolean;
  /** Unpublished reviews counted (preview mode only). */
  unpublished: number;
}

export interface PublicReview {
  id: number;
  authorName: string;
  rating: number;
  title: string | null;
  body: string;
  city: string | null;
  publishedAt: Date;
  published: boolean;
  demo: boolean;
}

export interface ReviewsListPage {
  items: PublicReview[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

function visible(options: ReviewsVisibility): SQL | undefined {
  return options.includeUnpublished ? undefined : eq(reviews.published, true);
}

export async function getReviewsSummary(db: Db, options: ReviewsVisibility = {}): Promise<ReviewsSummary> {
  const rows = await db
    .select({
      rating: reviews.rating,
      n: count(),
      demo: sql<number>`count(*) filter (where ${reviews.demo})`.mapWith(Number),
      hidden: sql<number>`count(*) filter (where not ${reviews.published})`.mapWith(Number),
    })
    .from(reviews)
    .where(visible(options))
    .groupBy(reviews.rating);
  const distribution: ReviewsSummary["distribution"] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  let demo = 0;
  let unpublished = 0;
  for (const row of rows) {
    const stars = Number(row.rating);
    if (stars < 1 || stars > 5) continue;
    distribution[stars - 1] = (distribution[stars - 1] ?? 0) + row.n;
    total += row.n;
    sum += stars * row.n;
    demo += row.demo;
    unpublished += row.hidden;
  }
  return {
    rating: total === 0 ? 0 : Math.round((sum / total) * 10) / 10,
    total,
    distribution,
    includesDemo: demo > 0,
    unpublished,
  };
}

const SELECTION = {
  id: reviews.id,
  authorName: reviews.authorName,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  city: reviews.city,
  publishedAt: reviews.publishedAt,
  published: reviews.published,
  demo: reviews.demo,
};

/** The newest reviews, e.g. a few on the home page. */
export async function listRecentReviews(db: Db, limit: number, options: ReviewsVisibility = {}): Promise<PublicReview[]> {
  const safeLimit = Math.min(50, Math.max(1, Math.trunc(limit) || 1));
  return db.select(SELECTION).from(reviews).where(visible(options)).orderBy(desc(reviews.publishedAt), desc(reviews.id)).limit(safeLimit);
}

/** One page of the list; a page past the end comes back empty with the real page count. */
export async function listReviewsPage(
  db: Db,
  input: { page: number; perPage: number } & ReviewsVisibility,
): Promise<ReviewsListPage> {
  const perPage = Math.min(50, Math.max(1, Math.trunc(input.perPage) || 10));
  const page = Math.max(1, Math.trunc(input.page) || 1);
  const where = visible(input);
  const [totalRow] = await db.select({ n: count() }).from(reviews).where(where);
  const total = totalRow?.n ?? 0;
  const items = await db
    .select(SELECTION)
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items, page, perPage, total, totalPages: Math.max(1, Math.ceil(total / perPage)) };
}
