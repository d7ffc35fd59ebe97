import { z } from "zod";
import { emailSchema, idSchema, pagingQuerySchema, phoneSchema, postalCodeSchema } from "@/domain/schemas/common";
import { trackingSchema } from "@/domain/schemas/tracking";
import { storableText } from "@/domain/text";

/** A family asking to be contacted (call-back form, quote follow-up). */

export const LEAD_KINDS = ["funeral", "flowers", "marble", "repatriation", "paperwork", "other"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** The channel the family chose: the advisor must use only that one (DOMAIN "What families complain about"). */
export const CONTACT_CHANNELS = ["phone", "email"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const leadInputSchema = z
  .object({
    kind: z.enum(LEAD_KINDS, { error: "lead__kind__invalid" }).default("funeral"),
    firstname: storableText(z.string().trim().max(100, { error: "lead__firstname__too_long" }), "lead__firstname__invalid_characters").nullable().optional(),
    lastname: storableText(
      z.string({ error: "lead__lastname__missing" }).trim().min(1, { error: "lead__lastname__blank" }).max(100, { error: "lead__lastname__too_long" }),
      "lead__lastname__invalid_characters",
    ),
    phone: phoneSchema.nullable().optional(),
    email: emailSchema.nullable().optional(),
    contact_channel: z.enum(CONTACT_CHANNELS, { error: "lead__contact_channel__invalid" }).default("phone"),
    postal_code: postalCodeSchema.nullable().optional(),
    message: storableText(z.string().max(5000, { error: "lead__message__too_long" }), "lead__message__invalid_characters").nullable().optional(),
    tracking: trackingSchema.nullable().optional(),
  })
  .superRefine((lead, ctx) => {
    if (lead.contact_channel === "phone" && !lead.phone) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "lead__phone__missing" });
    }
    if (lead.contact_channel === "email" && !lead.email) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "lead__email__missing" });
    }
  })
  .meta({ id: "LeadInput" });
export type LeadInput = z.infer<typeof leadInputSchema>;

export const leadCreatedSchema = z
  .object({ id: z.number().int(), kind: z.enum(LEAD_KINDS), contact_channel: z.enum(CONTACT_CHANNELS), created_at: z.number().int() })
  .meta({ id: "LeadCreated" });

/**
 * The pro side of a lead (issue 16): the funeral team (roles 0-2) lists the requests, gives
 * one to an advisor, records the call and turns it into a funeral deal. A lead is new until
 * called, called until converted; converting is once only.
 */
export const LEAD_STATES = ["new", "called", "converted"] as const;
export type LeadState = (typeof LEAD_STATES)[number];
export const LEADS_PER_PAGE = 25;

const isoDay = (code: string) =>
  z
    .string({ error: code })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: code })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: code });

export const leadListQuerySchema = pagingQuerySchema(LEADS_PER_PAGE).extend({
  state: z.enum(LEAD_STATES, { error: "lead__state__invalid" }).optional(),
  kind: z.enum(LEAD_KINDS, { error: "lead__kind__invalid" }).optional(),
  assigned: z
    .union([z.literal("none"), z.literal("me"), idSchema], { error: "lead__assigned__invalid" })
    .optional()
    .meta({ description: "A business user's id, `me`, or `none` for requests nobody has yet" }),
  from: isoDay("lead__from__invalid").optional().meta({ description: "Received on or after this day (YYYY-MM-DD, UTC)" }),
  to: isoDay("lead__to__invalid").optional().meta({ description: "Received on or before this day (YYYY-MM-DD, UTC)" }),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const leadAssignSchema = z
  .object({ business_user_id: idSchema.meta({ description: "An active funeral director or advisor" }) })
  .meta({ id: "LeadAssign" });

export const leadCalledSchema = z
  .object({
    note: storableText(z.string({ error: "lead__note__missing" }).trim().max(2000, { error: "lead__note__too_long" }), "lead__note__invalid_characters").nullable().optional(),
  })
  .meta({ id: "LeadCalled" });

const personSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const leadSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(LEAD_KINDS),
    state: z.enum(LEAD_STATES),
    firstname: z.string().nullable(),
    lastname: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    contact_channel: z.enum(CONTACT_CHANNELS),
    postal_code: z.string().nullable(),
    message: z.string().nullable(),
    created_at: z.number().int(),
    assigned_to: personSchema,
    assigned_at: z.number().int().nullable(),
    called_by: personSchema,
    called_at: z.number().int().nullable(),
    call_note: z.string().nullable(),
    deal_id: z.number().int().nullable(),
    converted_at: z.number().int().nullable(),
  })
  .meta({ id: "Lead" });
export type LeadView = z.infer<typeof leadSchema>;
