import { and, count, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { ExternalReviewView, ReviewSource } from "@/domain/schemas/external-review";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { reviews } from "@/server/db/schema/content";
import { notFoundError } from "@/server/http/errors";

/** The imported reviews, as the admins list and hide them (a review left on our site is not one of them). */

function toView(row: typeof reviews.$inferSelect): ExternalReviewView {
  return {
    id: row.id,
    source: row.source ?? "other",
    external_id: row.externalId ?? "",
    external_url: row.externalUrl,
    author_name: row.authorName,
    rating: row.rating,
    title: row.title,
    body: row.body,
    published_on: row.publishedAt.toISOString().slice(0, 10),
    published: row.published,
    imported_at: epochSeconds(row.createdAt),
  };
}

const IMPORTED = and(isNotNull(reviews.source), isNotNull(reviews.externalId));

// GET /api/v1/external_reviews
export async function listExternalReviews(
  db: Db,
  query: { page: number; per_page: number; source?: ReviewSource; published?: "true" | "false" },
): Promise<{ data: ExternalReviewView[]; meta: PagingMeta }> {
  const filters: (SQL | undefined)[] = [IMPORTED];
  if (query.source) filters.push(eq(reviews.source, query.source));
  if (query.published) filters.push(eq(reviews.published, query.published === "true"));
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(reviews).where(where);
  const rows = await db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map(toView), meta: pagingMeta(query.page, query.per_page, total?.n ?? 0) };
}

// PUT /api/v1/external_reviews/{id}: hidden reviews stay for the record but leave the public list and the aggregate.
export async function setExternalReviewPublished(db: Db, id: number, published: boolean, now: Date): Promise<ExternalReviewView> {
  const [row] = await db.update(reviews).set({ published, updatedAt: now }).where(and(eq(reviews.id, id), IMPORTED)).returning();
  if (!row) throw notFoundError("external_review__not_found");
  return toView(row);
}
