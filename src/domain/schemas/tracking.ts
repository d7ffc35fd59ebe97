import { z } from "zod";
import { TRACKING_TYPES } from "@/domain/constants";

/** Marketing attributes captured from the landing URL and sent with a deal or a lead (SPEC §3). */
export const trackingSchema = z.object({
  tracking_type: z.enum(TRACKING_TYPES, { error: "tracking__tracking_type__invalid" }).nullable().optional(),
  tracking_id: z.string().max(512, { error: "tracking__tracking_id__too_long" }).nullable().optional(),
  utm_source: z.string().max(255, { error: "tracking__utm_source__too_long" }).nullable().optional(),
  utm_medium: z.string().max(255, { error: "tracking__utm_medium__too_long" }).nullable().optional(),
  utm_campaign: z.string().max(255, { error: "tracking__utm_campaign__too_long" }).nullable().optional(),
  utm_term: z.string().max(255, { error: "tracking__utm_term__too_long" }).nullable().optional(),
  consent: z.boolean({ error: "tracking__consent__invalid" }).default(false),
  expiration_date: z.coerce.date({ error: "tracking__expiration_date__invalid" }).nullable().optional(),
});
export type TrackingInput = z.infer<typeof trackingSchema>;
