import { z } from "zod";
import { pagingQuerySchema } from "@/domain/schemas/common";

/** Back-office notifications (SPEC §4: a viewed flag; one, many or all can be marked viewed). */

export const NOTIFICATION_KINDS = ["deal_assigned", "funnel_request", "payment_paid", "flower_order", "marble_order", "signature_signed", "service_suggestion_accepted", "service_suggestion_declined", "price_request_answered"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PER_PAGE = 20;

export const notificationListQuerySchema = pagingQuerySchema(NOTIFICATIONS_PER_PAGE).extend({
  viewed: z.enum(["true", "false"], { error: "viewed__invalid" }).optional().meta({ description: "Only viewed (true) or unviewed (false) ones" }),
});

export const notificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.string().meta({ description: NOTIFICATION_KINDS.join(", ") }),
    title: z.string(),
    body: z.string().nullable(),
    deal_id: z.number().int().nullable(),
    viewed: z.boolean(),
    viewed_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "Notification" });

/** PUT /api/v1/notifications/viewed (ids) */
export const notificationIdsSchema = z.object({
  ids: z.array(z.coerce.number({ error: "notification__ids__invalid" }).int({ error: "notification__ids__invalid" }).positive({ error: "notification__ids__invalid" }).max(2_147_483_647, { error: "notification__ids__invalid" }), { error: "notification__ids__invalid" })
    .min(1, { error: "notification__ids__blank" })
    .max(200, { error: "notification__ids__too_many" }),
});
