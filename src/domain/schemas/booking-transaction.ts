import { z } from "zod";
import { BOOKING_STATUSES, LOCATION_TYPES } from "@/domain/schemas/deal";

/** Booking transactions of a deal (SPEC §4: the status is set on update). Times are Unix seconds. */
export const bookingTransactionUpdateSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: "booking_transaction__status__invalid" }),
  comment: z.string().trim().max(2000, { error: "booking_transaction__comment__too_long" }).optional(),
});

export const bookingTransactionViewSchema = z
  .object({
    id: z.number().int(),
    deal_id: z.number().int(),
    deal_step_id: z.number().int().nullable(),
    partner_type: z.enum(LOCATION_TYPES).nullable(),
    partner_id: z.number().int().nullable(),
    status: z.enum(BOOKING_STATUSES).nullable().meta({ description: "null while the partner has not answered" }),
    comment: z.string().nullable(),
    answered_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "BookingTransaction" });
export type BookingTransactionView = z.infer<typeof bookingTransactionViewSchema>;
