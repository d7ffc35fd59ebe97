import { z } from "zod";
import { DEAL_STATES } from "@/domain/deal-states";
import { DEAL_STEP_TYPES } from "@/domain/deal-steps";
import { idSchema } from "@/domain/schemas/common";
import { LOCATION_TYPES, PLACE_KINDS, TRANSPORTS, todoItemSchema } from "@/domain/schemas/deal";
import { businessUserRefSchema, dealEventSchema, dealStepViewSchema } from "@/domain/schemas/deal-view";

/**
 * The back-office calls on one deal (SPEC §7 "Deals (v1)", issue 14): bodies as the
 * /pro pages send them and answers as the services build them. Times are Unix seconds.
 */

const seconds = z.number().int().meta({ description: "Unix seconds" });
const nullableId = (code: string) => z.union([z.null(), z.coerce.number({ error: code }).int({ error: code }).positive({ error: code }).max(2_147_483_647, { error: code })], { error: code });

/** PUT /api/v1/deals/{id}/state */
export const dealStateInputSchema = z.object({ state: z.string({ error: "deal__state__invalid" }).trim().min(1, { error: "deal__state__invalid" }).max(40, { error: "deal__state__invalid" }) });

export const dealStateSchema = z
  .object({ id: z.number().int(), state: z.string(), next_states: z.array(z.enum(DEAL_STATES)), events: z.array(dealEventSchema) })
  .meta({ id: "DealState", description: "The deal's state, the moves the caller may make from it, and its history" });

/** POST /api/v1/deals/{id}/todo_items (title, force_done) */
export const todoItemCreateSchema = todoItemSchema;
/** PUT /api/v1/deals/{id}/todo_items/{todo_id}: any of title, force_done. */
export const todoItemUpdateSchema = todoItemSchema.partial();
export type TodoItemUpdate = z.infer<typeof todoItemUpdateSchema>;

export const todoItemViewSchema = z
  .object({ id: z.number().int(), title: z.string(), position: z.number().int(), force_done: z.boolean(), done_at: seconds.nullable(), created_at: seconds })
  .meta({ id: "TodoItem" });

/** POST /api/v1/deals/{id}/deal_steps: an advisor's own step (mode manual). */
export const dealStepCreateSchema = z.object({
  step_type: z.enum(DEAL_STEP_TYPES, { error: "deal_step__step_type__unknown" }),
  scheduled_at: z.coerce.date({ error: "deal_step__scheduled_at__invalid" }).nullable().optional(),
  location_type: z.enum(LOCATION_TYPES, { error: "deal_step__location_type__invalid" }).nullable().optional(),
  location_id: nullableId("deal_step__location_id__invalid").optional(),
  place_kind: z.enum(PLACE_KINDS, { error: "deal_step__place_kind__invalid" }).nullable().optional(),
  transport: z.enum(TRANSPORTS, { error: "deal_step__transport__invalid" }).nullable().optional(),
  address: z.string().max(500, { error: "deal_step__address__too_long" }).nullable().optional(),
  comment: z.string().max(5000, { error: "deal_step__comment__too_long" }).nullable().optional(),
});
/** PUT /api/v1/deals/{id}/deal_steps/{step_id}: date, time, place, partner, done. */
export const dealStepUpdateSchema = dealStepCreateSchema.partial().extend({ done: z.boolean({ error: "deal_step__done__invalid" }).optional() });
export type DealStepCreate = z.infer<typeof dealStepCreateSchema>;
export type DealStepUpdate = z.infer<typeof dealStepUpdateSchema>;
export const dealStepsViewSchema = z.array(dealStepViewSchema);

/** PUT /api/v1/deals/{id}/user: the business user in charge (null: nobody). */
export const dealUserInputSchema = z.object({ user_id: nullableId("deal__user_id__invalid") });
/** PUT /api/v1/deals/{id}/owner: the client who becomes the owner (the former owner stays, as editor). */
export const dealOwnerInputSchema = z.object({ client_id: idSchema });
/** PUT /api/v1/deals/{id}/empowered_client: the member with standing to arrange the funeral (null: nobody). */
export const empoweredClientInputSchema = z.object({ client_id: nullableId("deal__empowered_client_id__invalid") });
/** PUT /api/v1/deals/{id}/brand */
export const dealBrandInputSchema = z.object({
  brand: z.union([z.null(), z.string().trim().min(1, { error: "deal__brand__blank" }).max(80, { error: "deal__brand__too_long" })], { error: "deal__brand__invalid" }),
});
/** PUT /api/v1/deals/{id}/defunct (SPEC §5: a non-null defunct id and a client with first and last name). */
export const dealDefunctInputSchema = z.object({ defunct_id: nullableId("defunct__id__invalid") });

export const dealPeopleSchema = z
  .object({
    id: z.number().int(),
    advisor: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), role: z.number().int() }).nullable(),
    owner_client_id: z.number().int().nullable(),
    empowered_client_id: z.number().int().nullable(),
    defunct_id: z.number().int().nullable(),
    brand: z.string().nullable(),
    welcome_sent_at: seconds.nullable(),
  })
  .meta({ id: "DealPeople", description: "Who is in charge of the deal and for whom" });

/** POST /api/v1/deals/{id}/communications: a call logged by hand. */
export const callLogInputSchema = z.object({
  note: z.string().trim().min(1, { error: "communication__note__blank" }).max(5000, { error: "communication__note__too_long" }),
  contact: z.string().trim().max(200, { error: "communication__contact__too_long" }).nullable().optional(),
  direction: z.enum(["outbound", "inbound"], { error: "communication__direction__invalid" }).default("outbound"),
  occurred_at: z.coerce.date({ error: "communication__occurred_at__invalid" }).optional(),
});
export type CallLogInput = z.infer<typeof callLogInputSchema>;

export const dealCommunicationSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(["email", "sms", "call"]),
    direction: z.enum(["outbound", "inbound"]),
    kind: z.string(),
    recipient: z.string().nullable(),
    subject: z.string().nullable(),
    body: z.string().nullable(),
    by: businessUserRefSchema.nullable(),
    occurred_at: seconds,
  })
  .meta({ id: "DealCommunication" });

export const dealEntitySchema = z
  .object({
    location_type: z.enum(LOCATION_TYPES),
    id: z.number().int(),
    name: z.string(),
    address: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    demo: z.boolean(),
    step_types: z.array(z.enum(DEAL_STEP_TYPES)).meta({ description: "The deal's steps at this place" }),
  })
  .meta({ id: "DealEntity", description: "A partner the deal's steps involve, with its contact" });
export type DealEntity = z.infer<typeof dealEntitySchema>;

export const welcomeResultSchema = z
  .object({ welcome_sent_at: seconds, already_sent: z.boolean() })
  .meta({ id: "DealWelcome", description: "already_sent: the welcome had been sent before, nothing was sent again" });
