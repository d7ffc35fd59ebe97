import { paths } from "@/config/paths";
import type { PublicReview, ReviewsSummary } from "@/server/services/reviews-page";

/** View logic of the reviews page (/avis-{brand}): paging, star distribution, structured data. Pure. */

export const REVIEWS_PER_PAGE = 10;
/** Page links shown around the current one. */
const PAGE_WINDOW = 2;

export type PageParam = { kind: "page"; page: number } | { kind: "first" } | { kind: "invalid" };

/**
 * ?page=…: absent means the first page; "1" is the first page under another address
 * (sent to the bare path); anything but a whole number from 2 up is refused.
 */
export function readPageParam(raw: string | string[] | undefined): PageParam {
  if (raw === undefined) return { kind: "page", page: 1 };
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value)) return { kind: "invalid" };
  const page = Number(value);
  if (page === 1) return { kind: "first" };
  if (page < 1) return { kind: "invalid" };
  return { kind: "page", page };
}

export function reviewsPagePath(page: number): string {
  return page <= 1 ? paths.reviews() : `${paths.reviews()}?page=${page}`;
}

export interface DistributionRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Share of all reviews, 0–100, rounded. */
  percent: number;
}

/** Five rows, 5 stars first, as rating summaries usually read. */
export function distributionRows(summary: Pick<ReviewsSummary, "distribution" | "total">): DistributionRow[] {
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = summary.distribution[stars - 1] ?? 0;
    return { stars, count, percent: summary.total === 0 ? 0 : Math.round((count / summary.total) * 100) };
  });
}

export interface PaginationView {
  page: number;
  totalPages: number;
  previous: string | null;
  next: string | null;
  /** Page numbers around the current one, with null standing for a gap ("…"). */
  items: Array<{ page: number; href: string; current: boolean } | null>;
}

export function paginationView(page: number, totalPages: number): PaginationView {
  const last = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), last);
  const wanted = new Set<number>([1, last]);
  for (let p = current - PAGE_WINDOW; p <= current + PAGE_WINDOW; p++) if (p >= 1 && p <= last) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PaginationView["items"] = [];
  sorted.forEach((p, index) => {
    if (index > 0 && p - sorted[index - 1]! > 1) items.push(null);
    items.push({ page: p, href: reviewsPagePath(p), current: p === current });
  });
  return {
    page: current,
    totalPages: last,
    previous: current > 1 ? reviewsPagePath(current - 1) : null,
    next: current < last ? reviewsPagePath(current + 1) : null,
    items,
  };
}

/**
 * The page's published reviews as structured-data inputs (author, 1–5 rating, text, day,
 * language): never examples, nor reviews imported from another platform (search engines
 * forbid marking those up; they stay on the page with their source).
 */
export function reviewsForJsonLd(items: readonly PublicReview[]): Array<{ authorName: string; rating: number; body: string; datePublished: string; inLanguage: string }> {
  return items
    .filter((r) => r.published && !r.demo && r.source === null && r.rating >= 1 && r.rating <= 5)
    .map((r) => ({
      authorName: r.authorName,
      rating: r.rating,
      body: r.title ? `${r.title}. ${r.body}` : r.body,
      datePublished: r.publishedAt.toISOString().slice(0, 10),
      // Families write their reviews in French, whatever the page's language.
      inLanguage: "fr",
    }));
}
