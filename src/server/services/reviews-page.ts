import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { reviewsFigures, type ReviewGroup, type ReviewsFigures } from "@/domain/reviews-counting";
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

export interface ReviewsSummary extends ReviewsFigures {
  /** Only demonstration reviews exist: they are shown as examples, labelled so, and never quoted as a rating. */
  includesDemo: boolean;
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
  /** The platform an imported review was published on (google, trustpilot…); null for our own site. */
  source: string | null;
  externalUrl: string | null;
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

async function reviewGroups(db: Db, options: ReviewsVisibility): Promise<ReviewGroup[]> {
  const rows = await db
    .select({
      rating: reviews.rating,
      demo: reviews.demo,
      external: sql<boolean>`${reviews.source} IS NOT NULL`.mapWith(Boolean),
      n: count(),
      hidden: sql<number>`count(*) filter (where not ${reviews.published})`.mapWith(Number),
    })
    .from(reviews)
    .where(visible(options))
    .groupBy(reviews.rating, reviews.demo, sql`${reviews.source} IS NOT NULL`);
  return rows.map((r) => ({ rating: Number(r.rating), demo: r.demo, external: r.external, count: r.n, hidden: r.hidden }));
}

export async function getReviewsSummary(db: Db, options: ReviewsVisibility = {}): Promise<ReviewsSummary> {
  const figures = reviewsFigures(await reviewGroups(db, options));
  return { ...figures, includesDemo: figures.scope === "examples" };
}

/** The rows the pages list: demo ones only while no real review exists (src/domain/reviews-counting.ts). */
async function listedFilter(db: Db, options: ReviewsVisibility): Promise<SQL | undefined> {
  const [real] = await db.select({ n: count() }).from(reviews).where(and(visible(options), eq(reviews.demo, false)));
  return (real?.n ?? 0) > 0 ? and(visible(options), eq(reviews.demo, false)) : visible(options);
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
  source: reviews.source,
  externalUrl: reviews.externalUrl,
};

/** The newest reviews, e.g. a few on the home page. */
export async function listRecentReviews(db: Db, limit: number, options: ReviewsVisibility = {}): Promise<PublicReview[]> {
  const safeLimit = Math.min(50, Math.max(1, Math.trunc(limit) || 1));
  return db.select(SELECTION).from(reviews).where(await listedFilter(db, options)).orderBy(desc(reviews.publishedAt), desc(reviews.id)).limit(safeLimit);
}

/** One page of the list; a page past the end comes back empty with the real page count. */
export async function listReviewsPage(
  db: Db,
  input: { page: number; perPage: number } & ReviewsVisibility,
): Promise<ReviewsListPage> {
  const perPage = Math.min(50, Math.max(1, Math.trunc(input.perPage) || 10));
  const page = Math.max(1, Math.trunc(input.page) || 1);
  const where = await listedFilter(db, input);
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
