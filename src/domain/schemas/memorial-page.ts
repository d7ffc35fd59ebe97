import { z } from "zod";
import { MEMORIAL_LIMITS, MEMORIAL_REPORT_TARGETS, MEMORIAL_VISIBILITIES, memorialCeremonySchema, memorialPublicPhotoSchema } from "@/domain/schemas/memorial";

/**
 * The visitors' side of a memorial (/api/v1/memorial_pages/{slug}…): what anyone with the
 * slug reads when the family chose link or public visibility (private answers 404, as an
 * unknown slug), and what a visitor sends. Nothing personal beyond what the family
 * published: no e-mail, no phone, no deal number, no family member's name.
 */

/** A random key of 22+ URL-safe characters (nanoid, ≥128 bits); anything else answers 404 like an unknown key. */
export const memorialSlugSchema = z.string().max(200).meta({ description: "The visitors' page key", example: "V1StGXR8_Z5jdHi6B-myTq7Qw" });

export const memorialPublicCondolenceSchema = z
  .object({
    id: z.number().int(),
    author_name: z.string(),
    message: z.string(),
    photo: memorialPublicPhotoSchema.nullable(),
    published_at: z.number().int(),
  })
  .meta({ id: "MemorialPublicCondolence" });
export type MemorialPublicCondolence = z.infer<typeof memorialPublicCondolenceSchema>;

/** GET /api/v1/memorial_pages/{slug}: the page's data (published items only). */
export const memorialPageSchema = z
  .object({
    slug: z.string(),
    display_name: z.string(),
    birth_date: z.string().nullable(),
    death_date: z.string().nullable(),
    text: z.string(),
    visibility: z.enum(MEMORIAL_VISIBILITIES).exclude(["private"]),
    indexable: z.boolean().meta({ description: "public: true (robots index, sitemap, JSON-LD); link: false (noindex)" }),
    cover_photo: memorialPublicPhotoSchema.nullable(),
    photos: z.array(memorialPublicPhotoSchema),
    ceremonies: z.array(memorialCeremonySchema),
    condolences: z.array(memorialPublicCondolenceSchema).meta({ description: "Published ones, newest first (at most 200)" }),
    condolence_count: z.number().int(),
    moderation: z.enum(["held", "immediate"]).meta({ description: "held: a new condolence is shown once the family approves it" }),
    visitors_may_add_photos: z.boolean(),
    ics_url: z.string().nullable().meta({ description: "The ceremony's calendar file, when the deal has a dated ceremony" }),
    updated_at: z.number().int(),
  })
  .meta({ id: "MemorialPage" });
export type MemorialPage = z.infer<typeof memorialPageSchema>;

/**
 * POST /api/v1/memorial_pages/{slug}/condolences: a visitor's message. JSON, or
 * multipart/form-data with the same fields and an optional `file` (a photo).
 */
export const memorialCondolenceCreateSchema = z.object({
  author_name: z
    .string({ error: "memorial_condolence__author_name__blank" })
    .trim()
    .min(1, { error: "memorial_condolence__author_name__blank" })
    .max(MEMORIAL_LIMITS.condolenceAuthor, { error: "memorial_condolence__author_name__too_long" }),
  message: z
    .string({ error: "memorial_condolence__message__blank" })
    .trim()
    .min(1, { error: "memorial_condolence__message__blank" })
    .max(MEMORIAL_LIMITS.condolenceMessage, { error: "memorial_condolence__message__too_long" }),
});
export type MemorialCondolenceCreateInput = z.infer<typeof memorialCondolenceCreateSchema>;

/** What a visitor's condolence answers: its state (pending when the family moderates first). */
export const memorialCondolenceReceiptSchema = z
  .object({ id: z.number().int(), status: z.enum(["pending", "published"]), photo_id: z.number().int().nullable() })
  .meta({ id: "MemorialCondolenceReceipt" });
export type MemorialCondolenceReceipt = z.infer<typeof memorialCondolenceReceiptSchema>;

/** POST /api/v1/memorial_pages/{slug}/photos (multipart): `file` and optional `author_name`, `caption`. */
export const memorialVisitorPhotoFieldsSchema = z.object({
  author_name: z
    .string({ error: "memorial_photo__author_name__blank" })
    .trim()
    .min(1, { error: "memorial_photo__author_name__blank" })
    .max(MEMORIAL_LIMITS.condolenceAuthor, { error: "memorial_photo__author_name__too_long" }),
  caption: z.string().trim().max(MEMORIAL_LIMITS.caption, { error: "memorial_photo__caption__too_long" }).optional(),
});

/** POST /api/v1/memorial_pages/{slug}/reports: a visitor flags a condolence or a photo for the family. */
export const memorialReportCreateSchema = z.object({
  target_type: z.enum(MEMORIAL_REPORT_TARGETS, { error: "memorial_report__target_type__invalid" }),
  target_id: z
    .number({ error: "memorial_report__target_id__invalid" })
    .int({ error: "memorial_report__target_id__invalid" })
    .positive({ error: "memorial_report__target_id__invalid" })
    .max(2_147_483_647, { error: "memorial_report__target_id__invalid" }),
  reason: z.string({ error: "memorial_report__reason__invalid" }).trim().max(MEMORIAL_LIMITS.reportReason, { error: "memorial_report__reason__too_long" }).default(""),
});
export type MemorialReportCreateInput = z.infer<typeof memorialReportCreateSchema>;
