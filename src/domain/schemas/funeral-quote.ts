import { z } from "zod";
import { LOCALES } from "@/domain/locales";
import { quoteAnswersSchema, type QuoteAnswers } from "@/domain/quote/answers";
import type { Quote } from "@/domain/quote/pricing";
import { phoneSchema } from "@/domain/schemas/common";
import { trackingSchema } from "@/domain/schemas/tracking";
import { storableText } from "@/domain/text";

/**
 * Bodies of the funeral funnel (SPEC §7 "Funnels"): POST /api/v1/funeral_funnel/deals
 * creates the deal as soon as the family answers the first question, PUT …/{uuid}
 * saves every later answer, and the contact step submits the quote. The answers
 * themselves are the quote engine's (src/domain/quote/answers.ts), so the funnel,
 * the API and the engine can never disagree on what a question means.
 */

/** The funnel's screens, in order; branches skip the ones that do not apply (see the funnel's step logic). */
export const FUNNEL_STEPS = [
  "situation",
  "place",
  "date",
  "disposition",
  "destination",
  "ceremony",
  "resting-place",
  "coffin",
  "options",
  "contact",
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** How the family wants to be reached: the advisor uses that channel only (DOMAIN "What families complain about"). */
export const FUNNEL_CONTACT_CHANNELS = ["phone", "email", "sms"] as const;
export type FunnelContactChannel = (typeof FUNNEL_CONTACT_CHANNELS)[number];

/** Stored as written on French forms. */
export const CIVILITIES = ["Mme", "M."] as const;
export type Civility = (typeof CIVILITIES)[number];

const NAME_MAX = 100;

/** A client's first or last name, with the `client__<field>__*` codes every funnel answers. */
export function clientNameSchema(field: "firstname" | "lastname") {
  return storableText(
    z
      .string({ error: `client__${field}__missing` })
      .trim()
      .min(1, { error: `client__${field}__blank` })
      .max(NAME_MAX, { error: `client__${field}__too_long` }),
    `client__${field}__invalid_characters`,
  );
}

/** A client's e-mail address, trimmed and lower-cased, with the `client__email__*` codes. */
export const clientEmailSchema = storableText(z.string({ error: "client__email__missing" }), "client__email__invalid_characters")
  .trim()
  .toLowerCase()
  .min(1, { error: "client__email__missing" })
  .max(254, { error: "client__email__invalid" })
  .pipe(z.email({ error: "client__email__invalid" }));

/** The person asking for the quote; it becomes the deal's client and owner. */
export const funnelClientSchema = z
  .object({
    civility: z.enum(CIVILITIES, { error: "client__civility__invalid" }).nullable().optional(),
    firstname: clientNameSchema("firstname"),
    lastname: clientNameSchema("lastname"),
    phone: storableText(z.string({ error: "client__phone__invalid" }).trim().max(40, { error: "client__phone__invalid" }), "client__phone__invalid_characters")
      .nullable()
      .optional()
      .transform((value) => (value === "" ? null : value)),
    email: clientEmailSchema,
    contact_channel: z.enum(FUNNEL_CONTACT_CHANNELS, { error: "client__contact_channel__invalid" }),
    /** Agreement to be contacted about this quote and to the privacy policy; required to send it. */
    consent: z.literal(true, { error: "client__consent__missing" }),
  })
  .superRefine((client, ctx) => {
    if (client.phone !== null && client.phone !== undefined) {
      const parsed = phoneSchema.safeParse(client.phone);
      if (!parsed.success) ctx.addIssue({ code: "custom", path: ["phone"], message: "client__phone__invalid" });
    } else if (client.contact_channel !== "email") {
      // Calls and text messages need a number.
      ctx.addIssue({ code: "custom", path: ["phone"], message: "client__phone__missing" });
    }
  })
  .transform((client) => ({
    ...client,
    phone: client.phone ? phoneSchema.parse(client.phone) : null,
  }))
  .meta({ id: "FunnelClient" });
export type FunnelClientInput = z.infer<typeof funnelClientSchema>;

/** What the family chose to tell about the deceased; every field may stay empty. */
export const funnelDefunctSchema = z
  .object({
    civility: z.enum(CIVILITIES, { error: "defunct__civility__invalid" }).nullable().optional(),
    firstname: storableText(z.string({ error: "defunct__firstname__invalid" }).trim().max(NAME_MAX, { error: "defunct__firstname__too_long" }), "defunct__firstname__invalid_characters")
      .nullable()
      .optional(),
    lastname: storableText(z.string({ error: "defunct__lastname__invalid" }).trim().max(NAME_MAX, { error: "defunct__lastname__too_long" }), "defunct__lastname__invalid_characters")
      .nullable()
      .optional(),
  })
  .meta({ id: "FunnelDefunct" });
export type FunnelDefunctInput = z.infer<typeof funnelDefunctSchema>;

const funnelBodyShape = {
  answers: quoteAnswersSchema.meta({ description: "Answers of the funnel, as the quote engine reads them" }),
  /** The screen the family is on, so a resumed funnel opens there. */
  current_step: z.enum(FUNNEL_STEPS, { error: "deal__current_step__invalid" }).optional(),
  locale: z.enum(LOCALES, { error: "locale__unsupported" }).optional(),
  defunct: funnelDefunctSchema.nullable().optional(),
  client: funnelClientSchema.nullable().optional(),
  /** True on the contact step: the quote is complete, sent by e-mail and handed to an advisor. */
  submit: z.boolean({ error: "deal__submit__invalid" }).optional(),
};

export const funnelCreateSchema = z
  .object({ ...funnelBodyShape, tracking: trackingSchema.nullable().optional() })
  .meta({ id: "FunnelDealCreate" });
export type FunnelCreateInput = z.infer<typeof funnelCreateSchema>;

export const funnelUpdateSchema = z.object(funnelBodyShape).meta({ id: "FunnelDealUpdate" });
export type FunnelUpdateInput = z.infer<typeof funnelUpdateSchema>;

/** The uuid in PUT /api/v1/funeral_funnel/deals/{uuid}. */
export const dealUuidSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: "deal__uuid__invalid" })
  .meta({ param: { name: "uuid", in: "path" }, example: "3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b" });

/** Deal states the funnel sets; advisors move the deal on from "quote_sent". */
export const FUNNEL_DEAL_STATES = ["draft", "quote_sent"] as const;
export type FunnelDealState = (typeof FUNNEL_DEAL_STATES)[number];

/** Codes the funnel's submit answers when the quote cannot be sent yet. */
export const FUNNEL_SUBMIT_CODES = ["deal__client__missing", "deal__disposition__missing"] as const;

/** A deal as the funnel reads it back (POST, PUT and GET by uuid answer this). */
export interface FunnelDealView {
  uuid: string;
  state: string;
  answers: QuoteAnswers;
  current_step: FunnelStep | null;
  locale: string | null;
  client: {
    civility: string | null;
    firstname: string | null;
    lastname: string | null;
    phone: string | null;
    email: string | null;
    contact_channel: FunnelContactChannel | null;
  } | null;
  defunct: { civility: string | null; firstname: string | null; lastname: string | null; death_date: string | null } | null;
  /** The authoritative quote, computed by the server from the answers and the partners in the database. */
  quote: Quote;
  /** Name of the commune the quote was priced for, when known. */
  commune: { insee_code: string; name: string; postal_code: string | null } | null;
  /** Unix seconds; null until the contact step is submitted. */
  submitted_at: number | null;
  created_at: number;
  updated_at: number;
  /** Only in the answer that created the deal: its key for a family without a session. */
  resume_token?: string;
}
