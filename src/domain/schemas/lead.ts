import { z } from "zod";
import { emailSchema, phoneSchema, postalCodeSchema } from "@/domain/schemas/common";
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
