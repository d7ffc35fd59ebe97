import { z } from "zod";
import { DEAL_STEP_TYPES } from "@/domain/deal-steps";
import { idSchema } from "@/domain/schemas/common";

/** Deals (a funeral, an item order such as flowers, a marble/monument order) and their steps. */

export const DEAL_KINDS = ["funeral", "item", "marble"] as const;
export type DealKind = (typeof DEAL_KINDS)[number];

/** Where a step happens (SPEC §3 "Location types"). */
export const LOCATION_TYPES = [
  "SupplierWarehouse",
  "FuneralParlor",
  "Hospital",
  "Worship",
  "PublicLocation",
  "Crematorium",
  "Graveyard",
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const PLACE_KINDS = ["Home", "Public"] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const STEP_MODES = ["auto", "manual"] as const;
export type StepMode = (typeof STEP_MODES)[number];

export const TRANSPORTS = ["plane", "car"] as const;
export type Transport = (typeof TRANSPORTS)[number];

export const dealStepSchema = z.object({
  id: idSchema.optional(),
  step_type: z.enum(DEAL_STEP_TYPES, { error: "deal_step__step_type__unknown" }),
  scheduled_at: z.coerce.date({ error: "deal_step__scheduled_at__invalid" }).nullable().optional(),
  location_type: z.enum(LOCATION_TYPES, { error: "deal_step__location_type__invalid" }).nullable().optional(),
  location_id: idSchema.nullable().optional(),
  place_kind: z.enum(PLACE_KINDS, { error: "deal_step__place_kind__invalid" }).nullable().optional(),
  mode: z.enum(STEP_MODES, { error: "deal_step__mode__invalid" }).default("auto"),
  transport: z.enum(TRANSPORTS, { error: "deal_step__transport__invalid" }).nullable().optional(),
  address: z.string().max(500, { error: "deal_step__address__too_long" }).nullable().optional(),
  comment: z.string().max(5000, { error: "deal_step__comment__too_long" }).nullable().optional(),
  _destroy: z.boolean().optional(),
});
export type DealStepInput = z.infer<typeof dealStepSchema>;

/** PUT /api/v2/deals/{kind}/{id} (deal.commentary). */
export const dealCommentarySchema = z.object({
  deal: z.object({
    commentary: z.string().max(10_000, { error: "deal__commentary__too_long" }).nullable(),
  }),
});

export const todoItemSchema = z.object({
  title: z.string().trim().min(1, { error: "todo_item__title__blank" }).max(500, { error: "todo_item__title__too_long" }),
  force_done: z.boolean().optional(),
});

export const BOOKING_STATUSES = ["booking_accepted", "booking_rejected"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

