import { z } from "zod";
import { pagingQuerySchema } from "@/domain/schemas/common";
import { REVIEW_MAX_RATING, REVIEW_MIN_RATING } from "@/domain/schemas/review";
import { storableText } from "@/domain/text";

/**
 * Reviews imported from other platforms (SPEC §7 "external reviews"): admins and funeral
 * directors (0-1) import a JSON list or a CSV file, upserted by source + external id, with a
 * dry run; they list them and hide one. Each review keeps its source and date, shown beside it.
 */

export const REVIEW_SOURCES = ["google", "trustpilot", "facebook", "pages_jaunes", "avis_verifies", "other"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** A stored source as a message key (an unknown one, from an older import, reads "another platform"). */
export function sourceKey(source: string): ReviewSource {
  return (REVIEW_SOURCES as readonly string[]).includes(source) ? (source as ReviewSource) : "other";
}

/** The columns of the CSV file, in this order after the header line. */
export const EXTERNAL_REVIEW_CSV_COLUMNS = ["source", "external_id", "author_name", "rating", "published_on", "title", "body", "external_url"] as const;
export const MAX_IMPORTED_REVIEWS = 1000;
export const EXTERNAL_REVIEWS_PER_PAGE = 25;

const day = z
  .string({ error: "external_review__published_on__invalid" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "external_review__published_on__invalid" })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: "external_review__published_on__invalid" });

const optionalText = (max: number, field: string) =>
  storableText(z.string({ error: `external_review__${field}__invalid` }).trim().max(max, { error: `external_review__${field}__too_long` }), `external_review__${field}__invalid_characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const externalReviewRowSchema = z.object({
  source: z.enum(REVIEW_SOURCES, { error: "external_review__source__invalid" }),
  external_id: storableText(
    z.string({ error: "external_review__external_id__missing" }).trim().min(1, { error: "external_review__external_id__missing" }).max(200, { error: "external_review__external_id__too_long" }),
    "external_review__external_id__invalid_characters",
  ),
  author_name: storableText(
    z.string({ error: "external_review__author_name__missing" }).trim().min(1, { error: "external_review__author_name__missing" }).max(100, { error: "external_review__author_name__too_long" }),
    "external_review__author_name__invalid_characters",
  ),
  rating: z.coerce
    .number({ error: "external_review__rating__invalid" })
    .int({ error: "external_review__rating__invalid" })
    .min(REVIEW_MIN_RATING, { error: "external_review__rating__invalid" })
    .max(REVIEW_MAX_RATING, { error: "external_review__rating__invalid" }),
  published_on: day.refine((s) => Date.parse(`${s}T00:00:00Z`) <= Date.now() + 86_400_000, { error: "external_review__published_on__future" }),
  title: optionalText(200, "title"),
  body: storableText(
    z.string({ error: "external_review__body__missing" }).trim().min(1, { error: "external_review__body__missing" }).max(5000, { error: "external_review__body__too_long" }),
    "external_review__body__invalid_characters",
  ),
  external_url: z
    .string({ error: "external_review__external_url__invalid" })
    .trim()
    .max(2000, { error: "external_review__external_url__invalid" })
    .refine((s) => s === "" || /^https:\/\/[^\s/]+\.[^\s]+$/.test(s), { error: "external_review__external_url__invalid" })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ExternalReviewRow = z.infer<typeof externalReviewRowSchema>;

/** POST /api/v1/external_reviews/import: either `reviews` (JSON) or `csv` (the file's text), and whether to only check. */
export const externalReviewImportSchema = z
  .object({
    dry_run: z.boolean({ error: "external_review_import__dry_run__invalid" }).default(true),
    reviews: z.array(z.unknown(), { error: "external_review_import__reviews__invalid" }).max(MAX_IMPORTED_REVIEWS, { error: "external_review_import__reviews__too_many" }).optional(),
    csv: z.string({ error: "external_review_import__csv__invalid" }).max(2_000_000, { error: "external_review_import__csv__too_long" }).optional(),
  })
  .refine((b) => (b.reviews === undefined) !== (b.csv === undefined), { error: "external_review_import__body__one_of" })
  .meta({ id: "ExternalReviewImport" });
export type ExternalReviewImport = z.infer<typeof externalReviewImportSchema>;

export const externalReviewImportReportSchema = z
  .object({
    dry_run: z.boolean(),
    /** Whether the reviews were written (never on a dry run, nor when a line is wrong). */
    imported: z.boolean(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    lines: z.array(
      z.object({
        line: z.number().int().meta({ description: "1 for the first review (the CSV header is line 0)" }),
        source: z.string().nullable(),
        external_id: z.string().nullable(),
        action: z.enum(["create", "update", "unchanged", "invalid"]),
        errors: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: "ExternalReviewImportReport" });
export type ExternalReviewImportReport = z.infer<typeof externalReviewImportReportSchema>;

export const externalReviewSchema = z
  .object({
    id: z.number().int(),
    source: z.string(),
    external_id: z.string(),
    external_url: z.string().nullable(),
    author_name: z.string(),
    rating: z.number().int(),
    title: z.string().nullable(),
    body: z.string(),
    published_on: z.string(),
    published: z.boolean(),
    imported_at: z.number().int(),
  })
  .meta({ id: "ExternalReview" });
export type ExternalReviewView = z.infer<typeof externalReviewSchema>;

export const externalReviewListQuerySchema = pagingQuerySchema(EXTERNAL_REVIEWS_PER_PAGE).extend({
  source: z.enum(REVIEW_SOURCES, { error: "external_review__source__invalid" }).optional(),
  published: z.enum(["true", "false"], { error: "external_review__published__invalid" }).optional(),
});

export const externalReviewUpdateSchema = z.object({ published: z.boolean({ error: "external_review__published__invalid" }) }).meta({ id: "ExternalReviewUpdate" });

/**
 * The CSV file as rows of named fields: RFC 4180 quoting (a field in double quotes may hold
 * commas, line breaks and doubled quotes), a comma or semicolon separator (French
 * spreadsheets write semicolons), a header line naming the columns in any order.
 */
export function parseReviewsCsv(text: string): { rows: Record<string, string>[]; errors: string[] } {
  const records = csvRecords(text.replace(/^\uFEFF/, ""));
  const header = records.shift();
  if (!header || header.every((h) => h.trim() === "")) return { rows: [], errors: ["external_review_import__csv__empty"] };
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = ["source", "external_id", "author_name", "rating", "published_on", "body"].filter((c) => !names.includes(c));
  if (missing.length > 0) return { rows: [], errors: ["external_review_import__csv__columns"] };
  const rows = records
    .filter((r) => r.some((cell) => cell.trim() !== ""))
    .map((r) => Object.fromEntries(names.map((name, i) => [name, r[i] ?? ""])));
  if (rows.length > MAX_IMPORTED_REVIEWS) return { rows: [], errors: ["external_review_import__reviews__too_many"] };
  return { rows, errors: [] };
}

function csvRecords(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === separator) {
      record.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
