import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import {
  externalReviewRowSchema,
  parseReviewsCsv,
  type ExternalReviewImport,
  type ExternalReviewImportReport,
  type ExternalReviewRow,
} from "@/domain/schemas/external-review";
import type { Db } from "@/server/db/client";
import { reviews } from "@/server/db/schema/content";
import { ApiError } from "@/server/http/errors";

type Line = ExternalReviewImportReport["lines"][number];
type Existing = typeof reviews.$inferSelect;

const keyOf = (source: string, externalId: string) => `${source}\u0000${externalId}`;
const dayOf = (row: ExternalReviewRow) => new Date(`${row.published_on}T12:00:00Z`);

function sameContent(existing: Existing, row: ExternalReviewRow): boolean {
  return (
    existing.authorName === row.author_name &&
    existing.rating === row.rating &&
    existing.title === row.title &&
    existing.body === row.body &&
    existing.externalUrl === row.external_url &&
    existing.publishedAt.toISOString().slice(0, 10) === row.published_on
  );
}

/**
 * POST /api/v1/external_reviews/import. Every line is checked first; a dry run (the default)
 * only reports what each line would do; a real run writes all the lines in one transaction,
 * or none when a line is wrong. A review already imported (same source and external id) is
 * updated in place and keeps the visibility an admin gave it.
 */
export async function importExternalReviews(db: Db, input: ExternalReviewImport, importedById: number, now: Date): Promise<ExternalReviewImportReport> {
  let raw: unknown[];
  if (input.csv !== undefined) {
    const parsed = parseReviewsCsv(input.csv);
    if (parsed.errors.length > 0) throw new ApiError(422, parsed.errors);
    raw = parsed.rows;
  } else raw = input.reviews ?? [];
  if (raw.length === 0) throw new ApiError(422, "external_review_import__reviews__empty");

  const valid = new Map<number, ExternalReviewRow>();
  const lines: Line[] = raw.map((value, index) => {
    const result = externalReviewRowSchema.safeParse(value);
    const record = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    const label = (v: unknown) => (typeof v === "string" && v.length > 0 ? v.slice(0, 200) : null);
    if (!result.success) {
      return { line: index + 1, source: label(record.source), external_id: label(record.external_id), action: "invalid", errors: [...new Set(result.error.issues.map((i) => i.message))] };
    }
    valid.set(index, result.data);
    return { line: index + 1, source: result.data.source, external_id: result.data.external_id, action: "create", errors: [] };
  });

  // The same review twice in one file: the second line is refused rather than silently winning.
  const seen = new Set<string>();
  for (const [index, row] of valid) {
    const key = keyOf(row.source, row.external_id);
    if (seen.has(key)) {
      lines[index] = { ...lines[index]!, action: "invalid", errors: ["external_review__external_id__duplicate"] };
      valid.delete(index);
    }
    seen.add(key);
  }

  const existing = await findExisting(db, [...valid.values()]);
  for (const [index, row] of valid) {
    const found = existing.get(keyOf(row.source, row.external_id));
    if (found) lines[index] = { ...lines[index]!, action: sameContent(found, row) ? "unchanged" : "update" };
  }

  const count = (action: Line["action"]) => lines.filter((l) => l.action === action).length;
  const report = { dry_run: input.dry_run, imported: false, created: count("create"), updated: count("update"), unchanged: count("unchanged"), lines };
  if (input.dry_run) return report;
  if (count("invalid") > 0) throw new ApiError(422, "external_review_import__lines__invalid");

  await db.transaction(async (tx) => {
    for (const row of valid.values()) {
      const values = {
        authorName: row.author_name,
        rating: row.rating,
        title: row.title,
        body: row.body,
        externalUrl: row.external_url,
        publishedAt: dayOf(row),
        updatedAt: now,
      };
      await tx
        .insert(reviews)
        .values({ ...values, source: row.source, externalId: row.external_id, importedById, demo: false, published: true, createdAt: now })
        .onConflictDoUpdate({ target: [reviews.source, reviews.externalId], targetWhere: isNotNull(reviews.externalId), set: values });
    }
  });
  return { ...report, imported: true };
}

async function findExisting(db: Db, rows: ExternalReviewRow[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  const bySource = new Map<string, string[]>();
  for (const row of rows) bySource.set(row.source, [...(bySource.get(row.source) ?? []), row.external_id]);
  if (bySource.size === 0) return found;
  const matches = await db
    .select()
    .from(reviews)
    .where(or(...[...bySource].map(([source, ids]) => and(eq(reviews.source, source), inArray(reviews.externalId, ids)))));
  for (const m of matches) if (m.source && m.externalId) found.set(keyOf(m.source, m.externalId), m);
  return found;
}

