import { z } from "zod";

/**
 * The deal's extras (issue 14): the review asked of the family after the funeral, the
 * extra services an advisor suggests, and the prices asked of suppliers. One schema per
 * resource, shared by the forms, the API and /api/docs. Times are Unix seconds.
 */

// ——— Reviews ———

export const REVIEW_LIMITS = { author: 80, title: 120, body: 2000 } as const;

export const reviewRequestCreateSchema = z
  .object({
    force: z.boolean({ error: "review_request__force__invalid" }).optional().meta({ description: "Ask again although the family was already asked (roles 0-1 only)" }),
  })
  .default({});

export const reviewRequestViewSchema = z
  .object({
    id: z.number().int(),
    client_id: z.number().int().nullable(),
    locale: z.string(),
    forced: z.boolean(),
    created_at: z.number().int(),
  })
  .meta({ id: "ReviewRequest" });
export type ReviewRequestView = z.infer<typeof reviewRequestViewSchema>;

export const dealReviewViewSchema = z
  .object({
    id: z.number().int(),
    author_name: z.string(),
    rating: z.number().int(),
    title: z.string().nullable(),
    body: z.string(),
    published: z.boolean(),
    created_at: z.number().int(),
  })
  .meta({ id: "DealReview" });
export type DealReviewView = z.infer<typeof dealReviewViewSchema>;

export const dealReviewsSchema = z
  .object({ requests: z.array(reviewRequestViewSchema), review: dealReviewViewSchema.nullable() })
  .meta({ id: "DealReviews" });
export type DealReviews = z.infer<typeof dealReviewsSchema>;

export const reviewPublishSchema = z.object({ published: z.boolean({ error: "review__published__invalid" }) });

/** What the family writes (plain text: never rendered as HTML). */
export const familyReviewCreateSchema = z.object({
  author_name: z.string({ error: "review__author_name__blank" }).trim().min(1, { error: "review__author_name__blank" }).max(REVIEW_LIMITS.author, { error: "review__author_name__too_long" }),
  rating: z.number({ error: "review__rating__invalid" }).int({ error: "review__rating__invalid" }).min(1, { error: "review__rating__invalid" }).max(5, { error: "review__rating__invalid" }),
  title: z.string().trim().max(REVIEW_LIMITS.title, { error: "review__title__too_long" }).nullable().optional(),
  body: z.string({ error: "review__body__blank" }).trim().min(1, { error: "review__body__blank" }).max(REVIEW_LIMITS.body, { error: "review__body__too_long" }),
});
export type FamilyReviewInput = z.infer<typeof familyReviewCreateSchema>;

export const familyReviewStateSchema = z
  .object({ requested: z.boolean().meta({ description: "The funeral home asked this family for a review" }), review: dealReviewViewSchema.nullable() })
  .meta({ id: "FamilyReviewState" });
export type FamilyReviewState = z.infer<typeof familyReviewStateSchema>;

// ——— Service suggestions ———

export const SERVICE_SUGGESTION_LIMITS = { name: 120, description: 1000, maxCents: 10_000_000 } as const;

const suggestionFields = {
  name: z.string({ error: "service_suggestion__name__blank" }).trim().min(1, { error: "service_suggestion__name__blank" }).max(SERVICE_SUGGESTION_LIMITS.name, { error: "service_suggestion__name__too_long" }),
  description: z.string().trim().max(SERVICE_SUGGESTION_LIMITS.description, { error: "service_suggestion__description__too_long" }).nullable().optional(),
  price_cents: z
    .number({ error: "service_suggestion__price_cents__invalid" })
    .int({ error: "service_suggestion__price_cents__invalid" })
    .min(0, { error: "service_suggestion__price_cents__invalid" })
    .max(SERVICE_SUGGESTION_LIMITS.maxCents, { error: "service_suggestion__price_cents__invalid" })
    .nullable()
    .optional()
    .meta({ description: "Price in euro cents, all taxes included; null when quoted later" }),
};

export const serviceSuggestionCreateSchema = z.object({ deal_id: z.number({ error: "service_suggestion__deal_id__invalid" }).int({ error: "service_suggestion__deal_id__invalid" }).positive({ error: "service_suggestion__deal_id__invalid" }), ...suggestionFields });
export const serviceSuggestionUpdateSchema = z.object({ name: suggestionFields.name.optional(), description: suggestionFields.description, price_cents: suggestionFields.price_cents });
export type ServiceSuggestionCreate = z.infer<typeof serviceSuggestionCreateSchema>;
export type ServiceSuggestionUpdate = z.infer<typeof serviceSuggestionUpdateSchema>;

export const serviceSuggestionListQuerySchema = z.object({
  deal_id: z.coerce.number({ error: "deal_id__invalid" }).int({ error: "deal_id__invalid" }).positive({ error: "deal_id__invalid" }),
});

export const SERVICE_SUGGESTION_STATUSES = ["pending", "accepted", "declined"] as const;
export type ServiceSuggestionStatus = (typeof SERVICE_SUGGESTION_STATUSES)[number];

export const serviceSuggestionViewSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    price_cents: z.number().int().nullable(),
    status: z.enum(SERVICE_SUGGESTION_STATUSES),
    decided_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "ServiceSuggestion" });
export type ServiceSuggestionView = z.infer<typeof serviceSuggestionViewSchema>;

// ——— Supplier price requests ———

export const PRICE_REQUEST_LIMITS = { job: 1000, place: 200, comment: 1000, suppliers: 10, maxCents: 10_000_000, maxDelayDays: 365 } as const;
/** An answer link stays open this long (days). */
export const PRICE_REQUEST_VALIDITY_DAYS = 14;

export const PRICE_REQUEST_STATUSES = ["sent", "answered", "declined", "accepted", "closed"] as const;
export type PriceRequestStatus = (typeof PRICE_REQUEST_STATUSES)[number];

export const priceRequestCreateSchema = z.object({
  supplier_ids: z
    .array(z.number({ error: "price_request__supplier_ids__invalid" }).int({ error: "price_request__supplier_ids__invalid" }).positive({ error: "price_request__supplier_ids__invalid" }), { error: "price_request__supplier_ids__blank" })
    .min(1, { error: "price_request__supplier_ids__blank" })
    .max(PRICE_REQUEST_LIMITS.suppliers, { error: "price_request__supplier_ids__too_long" }),
  job: z.string({ error: "price_request__job__blank" }).trim().min(1, { error: "price_request__job__blank" }).max(PRICE_REQUEST_LIMITS.job, { error: "price_request__job__too_long" }).meta({ description: "What is to be done: no names of the family or the deceased" }),
  needed_on: z.iso.date({ error: "price_request__needed_on__invalid" }).nullable().optional(),
  place: z.string().trim().max(PRICE_REQUEST_LIMITS.place, { error: "price_request__place__too_long" }).nullable().optional().meta({ description: "Where: a commune, a cemetery — not a home address" }),
});
export type PriceRequestCreate = z.infer<typeof priceRequestCreateSchema>;

export const priceRequestViewSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    supplier: z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable(), demo: z.boolean() }),
    job: z.string(),
    needed_on: z.string().nullable(),
    place: z.string().nullable(),
    status: z.enum(PRICE_REQUEST_STATUSES),
    price_cents: z.number().int().nullable(),
    delay_days: z.number().int().nullable(),
    supplier_comment: z.string().nullable(),
    answered_at: z.number().int().nullable(),
    booking_transaction_id: z.number().int().nullable(),
    expires_at: z.number().int(),
    created_at: z.number().int(),
  })
  .meta({ id: "PriceRequest" });
export type PriceRequestView = z.infer<typeof priceRequestViewSchema>;

/** What the supplier's answer page shows: the job, never the family. */
export const publicPriceRequestSchema = z
  .object({
    supplier_name: z.string(),
    job: z.string(),
    needed_on: z.string().nullable(),
    place: z.string().nullable(),
    status: z.enum(PRICE_REQUEST_STATUSES),
    price_cents: z.number().int().nullable(),
    delay_days: z.number().int().nullable(),
    expires_at: z.number().int(),
  })
  .meta({ id: "PublicPriceRequest" });
export type PublicPriceRequest = z.infer<typeof publicPriceRequestSchema>;

export const priceRequestAnswerSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({
      decision: z.literal("quote"),
      price_cents: z.number({ error: "price_request__price_cents__invalid" }).int({ error: "price_request__price_cents__invalid" }).min(0, { error: "price_request__price_cents__invalid" }).max(PRICE_REQUEST_LIMITS.maxCents, { error: "price_request__price_cents__invalid" }),
      delay_days: z.number({ error: "price_request__delay_days__invalid" }).int({ error: "price_request__delay_days__invalid" }).min(0, { error: "price_request__delay_days__invalid" }).max(PRICE_REQUEST_LIMITS.maxDelayDays, { error: "price_request__delay_days__invalid" }),
      comment: z.string().trim().max(PRICE_REQUEST_LIMITS.comment, { error: "price_request__comment__too_long" }).nullable().optional(),
    }),
    z.object({ decision: z.literal("decline"), comment: z.string().trim().max(PRICE_REQUEST_LIMITS.comment, { error: "price_request__comment__too_long" }).nullable().optional() }),
  ],
  { error: "price_request__decision__invalid" },
);
export type PriceRequestAnswer = z.infer<typeof priceRequestAnswerSchema>;

/** The answer link's secret: 43 base64url characters (32 random bytes). */
export const priceRequestTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: "not_found" });
