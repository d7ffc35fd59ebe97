import { z } from "zod";
import { pagingMetaSchema, pagingQuerySchema } from "@/domain/schemas/common";

/** Reviews left by families, and their aggregate (SPEC §3 "Reviews"). */

export const REVIEWS_DEFAULT_PER_PAGE = 10;
export const REVIEW_MIN_RATING = 1;
export const REVIEW_MAX_RATING = 5;

export const reviewSchema = z
  .object({
    id: z.number().int(),
    author_name: z.string().meta({ example: "Sophie M." }),
    rating: z.number().int().min(REVIEW_MIN_RATING).max(REVIEW_MAX_RATING),
    title: z.string().nullable(),
    body: z.string(),
    city: z.string().nullable(),
    published_at: z.number().int().meta({ description: "Unix timestamp in seconds" }),
    demo: z.boolean(),
    source: z.string().nullable().meta({ description: "The platform an imported review was published on (google, trustpilot…); null for a review left on our site" }),
  })
  .meta({ id: "Review" });
export type Review = z.infer<typeof reviewSchema>;

export const reviewsAggregateSchema = z
  .object({
    rating: z.number().meta({ description: "Average rating out of 5, one decimal", example: 4.6 }),
    total_reviews: z.number().int(),
  })
  .meta({ id: "ReviewsAggregate" });
export type ReviewsAggregate = z.infer<typeof reviewsAggregateSchema>;

export const reviewsQuerySchema = pagingQuerySchema(REVIEWS_DEFAULT_PER_PAGE, 50);

export const reviewsResponseSchema = z
  .object({
    data: z.array(reviewSchema),
    meta: pagingMetaSchema,
    internal: reviewsAggregateSchema.meta({ description: "The rating pages may quote: real reviews left on our site only (0 while none)" }),
    examples: z.boolean().meta({ description: "Only demonstration reviews exist: the list shows them as examples, never as a rating" }),
  })
  .meta({ id: "ReviewsPage" });
