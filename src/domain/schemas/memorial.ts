import { z } from "zod";

/**
 * The memorial page of a funeral deal's deceased (issue 17): what the family writes and
 * decides (family side, /api/v1/deals/{id}/memorial…), and what the family side reads
 * back. The visitors' side is in memorial-page.ts. One schema per resource, shared by the
 * forms, the API and /api/docs. Times are Unix seconds, dates YYYY-MM-DD. Every text is
 * plain text: stored as typed, never rendered as HTML anywhere.
 */

/** private: only the deal's holders (owner, editor, reader); link: anyone with the slug (noindex); public: indexable, in the sitemap. */
export const MEMORIAL_VISIBILITIES = ["private", "link", "public"] as const;
export type MemorialVisibility = (typeof MEMORIAL_VISIBILITIES)[number];

/** held: a visitor's condolence or photo waits for the family's approval; immediate: shown at once (the family may still hide it). */
export const MEMORIAL_MODERATION_MODES = ["held", "immediate"] as const;
export type MemorialModerationMode = (typeof MEMORIAL_MODERATION_MODES)[number];

/** A condolence's or a photo's state: waiting for the family, shown, or hidden by the family (kept until deleted). */
export const MEMORIAL_ITEM_STATUSES = ["pending", "published", "rejected"] as const;
export type MemorialItemStatus = (typeof MEMORIAL_ITEM_STATUSES)[number];

/** Who added a photo: the family (gallery), a visitor (gallery, moderated) or a visitor with a condolence (shown with it). */
export const MEMORIAL_PHOTO_SOURCES = ["family", "visitor", "condolence"] as const;
export type MemorialPhotoSource = (typeof MEMORIAL_PHOTO_SOURCES)[number];

export const MEMORIAL_LIMITS = {
  displayName: 120,
  text: 5000,
  caption: 200,
  /** Photos in one memorial's gallery (family and visitors together, condolence photos apart). */
  photos: 60,
  /** An uploaded picture's size before re-encoding. */
  photoBytes: 15 * 1024 * 1024,
  condolenceAuthor: 80,
  condolenceMessage: 2000,
  reportReason: 500,
} as const;

/** Widths of the re-encoded variants (never enlarged past the original; each in WebP and JPEG). */
export const MEMORIAL_PHOTO_WIDTHS = [480, 960, 1600] as const;
export const MEMORIAL_PHOTO_FORMATS = ["webp", "jpg"] as const;
export type MemorialPhotoFormat = (typeof MEMORIAL_PHOTO_FORMATS)[number];

const isoDate = (code: string) =>
  z
    .string({ error: code })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: code })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: code });

const fields = {
  display_name: z
    .string({ error: "memorial__display_name__blank" })
    .trim()
    .min(1, { error: "memorial__display_name__blank" })
    .max(MEMORIAL_LIMITS.displayName, { error: "memorial__display_name__too_long" })
    .meta({ description: "The name shown on the page, as the family wants it written" }),
  birth_date: isoDate("memorial__birth_date__invalid").nullable().optional(),
  death_date: isoDate("memorial__death_date__invalid").nullable().optional(),
  text: z.string({ error: "memorial__text__invalid" }).trim().max(MEMORIAL_LIMITS.text, { error: "memorial__text__too_long" }).meta({ description: "The family's text (plain text, line breaks kept)" }),
  visibility: z.enum(MEMORIAL_VISIBILITIES, { error: "memorial__visibility__invalid" }).meta({ description: "Only the owner changes it (an editor sending another value gets 403)" }),
  moderation: z.enum(MEMORIAL_MODERATION_MODES, { error: "memorial__moderation__invalid" }),
  visitors_may_add_photos: z.boolean({ error: "memorial__visitors_may_add_photos__invalid" }),
  cover_photo_id: z
    .number({ error: "memorial__cover_photo_id__invalid" })
    .int({ error: "memorial__cover_photo_id__invalid" })
    .positive({ error: "memorial__cover_photo_id__invalid" })
    .max(2_147_483_647, { error: "memorial__cover_photo_id__invalid" })
    .nullable()
    .meta({ description: "A published gallery photo of this memorial, or null" }),
};

const datesInOrder = (value: { birth_date?: string | null; death_date?: string | null }) => !value.birth_date || !value.death_date || value.birth_date <= value.death_date;
const datesRule = { error: "memorial__death_date__before_birth", path: ["death_date"] };

/** POST /api/v1/deals/{id}/memorial: everything but the name has a default (from the deal's deceased when known). */
export const memorialCreateSchema = z
  .object({
    display_name: fields.display_name.optional().meta({ description: "Defaults to the deal's deceased's first and last name" }),
    birth_date: fields.birth_date,
    death_date: fields.death_date,
    text: fields.text.optional(),
    visibility: fields.visibility.optional().meta({ description: "Default private" }),
    moderation: fields.moderation.optional().meta({ description: "Default held" }),
    visitors_may_add_photos: fields.visitors_may_add_photos.optional(),
  })
  .refine(datesInOrder, datesRule)
  .default({});
export type MemorialCreateInput = z.infer<typeof memorialCreateSchema>;

/** PUT /api/v1/deals/{id}/memorial: any subset of the fields. */
export const memorialUpdateSchema = z
  .object({
    display_name: fields.display_name.optional(),
    birth_date: fields.birth_date,
    death_date: fields.death_date,
    text: fields.text.optional(),
    visibility: fields.visibility.optional(),
    moderation: fields.moderation.optional(),
    visitors_may_add_photos: fields.visitors_may_add_photos.optional(),
    cover_photo_id: fields.cover_photo_id.optional(),
  })
  .refine(datesInOrder, datesRule);
export type MemorialUpdateInput = z.infer<typeof memorialUpdateSchema>;

/** One re-encoded variant of a photo; `url` is served by the API after checking who may see it. */
export const memorialPhotoVariantSchema = z
  .object({ width: z.number().int(), height: z.number().int(), format: z.enum(MEMORIAL_PHOTO_FORMATS), url: z.string() })
  .meta({ id: "MemorialPhotoVariant" });
export type MemorialPhotoVariant = z.infer<typeof memorialPhotoVariantSchema>;

/** A photo as the visitors' page shows it (no uploader's identity beyond the name a visitor typed). */
export const memorialPublicPhotoSchema = z
  .object({
    id: z.number().int(),
    caption: z.string().nullable(),
    width: z.number().int().meta({ description: "Of the largest variant" }),
    height: z.number().int(),
    variants: z.array(memorialPhotoVariantSchema).meta({ description: "Smallest first; WebP and JPEG of each width (srcset)" }),
    author_name: z.string().nullable().meta({ description: "The visitor's name for a visitor's photo; null for the family's" }),
  })
  .meta({ id: "MemorialPublicPhoto" });
export type MemorialPublicPhoto = z.infer<typeof memorialPublicPhotoSchema>;

/** A photo as the family side lists it: with its source, state and position. */
export const memorialPhotoSchema = memorialPublicPhotoSchema
  .extend({
    source: z.enum(MEMORIAL_PHOTO_SOURCES),
    status: z.enum(MEMORIAL_ITEM_STATUSES),
    position: z.number().int(),
    condolence_id: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "MemorialPhoto" });
export type MemorialPhoto = z.infer<typeof memorialPhotoSchema>;

/**
 * The ceremony, read from the deal's ceremony, cremation or burial step (never typed by
 * hand): date and time on the Paris wall clock, the partner place's name and address, a
 * directions link (OpenStreetMap search of the address) and the delivery place kind the
 * flowers funnel takes.
 */
export const memorialCeremonySchema = z
  .object({
    step_type: z.enum(["ceremony", "cremation", "interment"]),
    date: z.string().nullable().meta({ description: "YYYY-MM-DD, Europe/Paris" }),
    time: z.string().nullable().meta({ description: "HH:MM, Europe/Paris" }),
    starts_at: z.number().int().nullable().meta({ description: "Unix seconds" }),
    place_name: z.string().nullable(),
    address: z.string().nullable().meta({ description: "Street, postal code and town on one line" }),
    street: z.string().nullable().meta({ description: "The address's parts, as the flowers funnel's manual delivery takes them" }),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    place: z.enum(["funeral_parlor", "worship", "crematorium", "graveyard", "home"]).nullable().meta({ description: "The flowers funnel's delivery place kind" }),
    directions_url: z.string().nullable(),
  })
  .meta({ id: "MemorialCeremony" });
export type MemorialCeremony = z.infer<typeof memorialCeremonySchema>;

/** The family side's view of the memorial (GET/POST/PUT /api/v1/deals/{id}/memorial). */
export const memorialSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    deal_uuid: z.string().meta({ description: "For the flowers funnel's link with the ceremony pre-filled (paths.flowers() + ?deal=<uuid>): the family holds the deal" }),
    slug: z.string().meta({ description: "The visitors' page key (≥128 random bits); a new one kills the old link" }),
    display_name: z.string(),
    birth_date: z.string().nullable(),
    death_date: z.string().nullable(),
    text: z.string(),
    visibility: z.enum(MEMORIAL_VISIBILITIES),
    moderation: z.enum(MEMORIAL_MODERATION_MODES),
    visitors_may_add_photos: z.boolean(),
    cover_photo_id: z.number().int().nullable(),
    photos: z.array(memorialPhotoSchema).meta({ description: "The gallery (family and visitors' photos, every state), in order" }),
    ceremonies: z.array(memorialCeremonySchema).meta({ description: "In time order; empty when the deal has none yet" }),
    pending_condolences: z.number().int(),
    open_reports: z.number().int(),
    role: z.enum(["owner", "editor", "reader"]).meta({ description: "The caller's role on the deal" }),
    can_edit: z.boolean().meta({ description: "Owner or editor: edit, add photos, moderate" }),
    can_manage: z.boolean().meta({ description: "Owner: visibility, new link, delete the memorial" }),
    public_path: z.string().nullable().meta({ description: "The visitors' page path (/hommage/{slug}) when visibility is link or public" }),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: "Memorial" });
export type Memorial = z.infer<typeof memorialSchema>;

/** PUT /api/v1/deals/{id}/memorial/photos/{photo_id}: caption and/or the family's decision on a visitor's photo. */
export const memorialPhotoUpdateSchema = z.object({
  caption: z.string({ error: "memorial_photo__caption__invalid" }).trim().max(MEMORIAL_LIMITS.caption, { error: "memorial_photo__caption__too_long" }).nullable().optional(),
  status: z.enum(["published", "rejected"], { error: "memorial_photo__status__invalid" }).optional(),
});
export type MemorialPhotoUpdateInput = z.infer<typeof memorialPhotoUpdateSchema>;

/** PUT /api/v1/deals/{id}/memorial/photo_order: every gallery photo's id, in the new order. */
export const memorialPhotoOrderSchema = z.object({
  photo_ids: z
    .array(z.number({ error: "memorial_photo__photo_ids__invalid" }).int({ error: "memorial_photo__photo_ids__invalid" }).positive({ error: "memorial_photo__photo_ids__invalid" }).max(2_147_483_647, { error: "memorial_photo__photo_ids__invalid" }), {
      error: "memorial_photo__photo_ids__invalid",
    })
    .max(MEMORIAL_LIMITS.photos, { error: "memorial_photo__photo_ids__invalid" }),
});
export type MemorialPhotoOrderInput = z.infer<typeof memorialPhotoOrderSchema>;

/** A condolence as the family side lists it (every state). */
export const memorialCondolenceSchema = z
  .object({
    id: z.number().int(),
    author_name: z.string(),
    message: z.string(),
    status: z.enum(MEMORIAL_ITEM_STATUSES),
    photo: memorialPublicPhotoSchema.nullable(),
    open_reports: z.number().int(),
    created_at: z.number().int(),
    published_at: z.number().int().nullable(),
  })
  .meta({ id: "MemorialCondolence" });
export type MemorialCondolence = z.infer<typeof memorialCondolenceSchema>;

export const memorialCondolenceListQuerySchema = z.object({
  status: z.enum(MEMORIAL_ITEM_STATUSES, { error: "memorial_condolence__status__invalid" }).optional().meta({ description: "Only this state (default: all)" }),
});

/** PUT /api/v1/deals/{id}/memorial/condolences/{condolence_id}: approve (published) or hide (rejected). */
export const memorialCondolenceDecisionSchema = z.object({
  status: z.enum(["published", "rejected"], { error: "memorial_condolence__status__invalid" }),
});
export type MemorialCondolenceDecision = z.infer<typeof memorialCondolenceDecisionSchema>;

export const MEMORIAL_REPORT_TARGETS = ["condolence", "photo"] as const;
export type MemorialReportTarget = (typeof MEMORIAL_REPORT_TARGETS)[number];

/** A visitor's report as the family's moderation list shows it (no reporter's identity is kept). */
export const memorialReportSchema = z
  .object({
    id: z.number().int(),
    target_type: z.enum(MEMORIAL_REPORT_TARGETS),
    target_id: z.number().int(),
    target_status: z.enum(MEMORIAL_ITEM_STATUSES).nullable().meta({ description: "null once the target was deleted" }),
    excerpt: z.string().nullable().meta({ description: "The reported condolence's first 200 characters (null for a photo)" }),
    reason: z.string(),
    resolution: z.enum(["hidden", "dismissed"]).nullable(),
    created_at: z.number().int(),
    resolved_at: z.number().int().nullable(),
  })
  .meta({ id: "MemorialReport" });
export type MemorialReport = z.infer<typeof memorialReportSchema>;

/** PUT /api/v1/deals/{id}/memorial/reports/{report_id}: hide the reported item (status rejected) or dismiss the report. */
export const memorialReportDecisionSchema = z.object({
  action: z.enum(["hide", "dismiss"], { error: "memorial_report__action__invalid" }),
});
export type MemorialReportDecision = z.infer<typeof memorialReportDecisionSchema>;
