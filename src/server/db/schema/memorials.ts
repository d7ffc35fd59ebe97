import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { MEMORIAL_ITEM_STATUSES, MEMORIAL_MODERATION_MODES, MEMORIAL_PHOTO_SOURCES, MEMORIAL_REPORT_TARGETS, MEMORIAL_VISIBILITIES, type MemorialPhotoFormat } from "@/domain/schemas/memorial";
import { id, timestamps } from "@/server/db/schema/columns";
import { deals } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";

/**
 * Memorial pages (issue 17): one per funeral deal, its photos, visitors' condolences and
 * the reports visitors make. Rows cascade from the deal, but stored files do not: every
 * removal goes through services/memorial/remove-files.ts, which deletes the files (and
 * enqueues a job that retries any that failed) in the same transaction as the rows.
 */

export const memorialVisibility = pgEnum("memorial_visibility", MEMORIAL_VISIBILITIES);
export const memorialModeration = pgEnum("memorial_moderation", MEMORIAL_MODERATION_MODES);
export const memorialItemStatus = pgEnum("memorial_item_status", MEMORIAL_ITEM_STATUSES);
export const memorialPhotoSource = pgEnum("memorial_photo_source", MEMORIAL_PHOTO_SOURCES);
export const memorialReportTarget = pgEnum("memorial_report_target", MEMORIAL_REPORT_TARGETS);

/** One stored, re-encoded variant of a photo; `key` comes from newStorageKey() only. */
export interface MemorialPhotoVariantRow {
  width: number;
  height: number;
  format: MemorialPhotoFormat;
  key: string;
  byteSize: number;
}

export const memorials = pgTable(
  "memorials",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** The visitors' page key: nanoid(22+) (≥128 random bits); replaced by the owner to kill a shared link. */
    slug: text().notNull(),
    displayName: text().notNull(),
    birthDate: date({ mode: "string" }),
    deathDate: date({ mode: "string" }),
    /** Plain text written by the family, never rendered as HTML. */
    text: text().notNull().default(""),
    visibility: memorialVisibility().notNull().default("private"),
    moderation: memorialModeration().notNull().default("held"),
    visitorsMayAddPhotos: boolean().notNull().default(false),
    coverPhotoId: integer().references((): AnyPgColumn => memorialPhotos.id, { onDelete: "set null" }),
    createdByClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("memorials_deal_idx").on(t.dealId),
    uniqueIndex("memorials_slug_idx").on(t.slug),
    // The sitemap's list: public pages only.
    index("memorials_visibility_idx").on(t.visibility, t.updatedAt),
    check("memorials_slug_check", sql`length(${t.slug}) >= 22`),
  ],
);

export const memorialCondolences = pgTable(
  "memorial_condolences",
  {
    id: id(),
    memorialId: integer()
      .notNull()
      .references(() => memorials.id, { onDelete: "cascade" }),
    authorName: text().notNull(),
    /** Plain text, never rendered as HTML. */
    message: text().notNull(),
    status: memorialItemStatus().notNull(),
    /** The visitor's page language, for nothing but the family's notification wording. */
    locale: text().notNull().default("fr"),
    publishedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("memorial_condolences_memorial_idx").on(t.memorialId, t.status, t.createdAt)],
);

export const memorialPhotos = pgTable(
  "memorial_photos",
  {
    id: id(),
    memorialId: integer()
      .notNull()
      .references(() => memorials.id, { onDelete: "cascade" }),
    /** Set for a photo sent with a condolence: shown with it, never in the gallery. */
    condolenceId: integer().references(() => memorialCondolences.id, { onDelete: "cascade" }),
    source: memorialPhotoSource().notNull(),
    status: memorialItemStatus().notNull(),
    caption: text(),
    /** The visitor's name for a visitor's photo. */
    authorName: text(),
    uploadedByClientId: integer().references(() => clients.id, { onDelete: "set null" }),
    position: smallint().notNull().default(0),
    width: integer().notNull(),
    height: integer().notNull(),
    variants: jsonb().$type<MemorialPhotoVariantRow[]>().notNull(),
    ...timestamps,
  },
  (t) => [index("memorial_photos_memorial_idx").on(t.memorialId, t.position), index("memorial_photos_condolence_idx").on(t.condolenceId)],
);

export const memorialReports = pgTable(
  "memorial_reports",
  {
    id: id(),
    memorialId: integer()
      .notNull()
      .references(() => memorials.id, { onDelete: "cascade" }),
    targetType: memorialReportTarget().notNull(),
    targetId: integer().notNull(),
    reason: text().notNull().default(""),
    resolution: text(),
    resolvedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("memorial_reports_memorial_idx").on(t.memorialId, t.resolvedAt), check("memorial_reports_resolution_check", sql`${t.resolution} IS NULL OR ${t.resolution} IN ('hidden', 'dismissed')`)],
);
