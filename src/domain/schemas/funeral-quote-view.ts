import { z } from "zod";
import { quoteAnswersSchema } from "@/domain/quote/answers";
import { FUNNEL_CONTACT_CHANNELS, FUNNEL_STEPS, type FunnelDealView } from "@/domain/schemas/funeral-quote";
import { quoteSchema } from "@/domain/schemas/quote";

/**
 * The funnel's answer about a deal (POST, PUT and GET /api/v1/funeral_funnel/deals…) for the
 * API document. Kept apart from the request bodies so the browser's funnel does not ship it.
 */

export const funnelDealClientSchema = z
  .object({
    civility: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    contact_channel: z.enum(FUNNEL_CONTACT_CHANNELS).nullable(),
  })
  .meta({ id: "FunnelDealClient", description: "The deal's owner; null through the resume token alone" });

export const funnelDealDefunctSchema = z
  .object({
    civility: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    death_date: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
  })
  .meta({ id: "FunnelDealDefunct", description: "Through the resume token alone the names are null" });

export const funnelDealViewSchema = z
  .object({
    uuid: z.string(),
    state: z.string(),
    answers: quoteAnswersSchema.meta({ description: "The funnel's answers, as the quote engine reads them" }),
    current_step: z.enum(FUNNEL_STEPS).nullable(),
    locale: z.string().nullable(),
    client: funnelDealClientSchema.nullable(),
    defunct: funnelDealDefunctSchema.nullable(),
    quote: quoteSchema,
    commune: z.object({ insee_code: z.string(), name: z.string(), postal_code: z.string().nullable() }).nullable(),
    submitted_at: z.number().int().nullable().meta({ description: "Unix seconds; null until the contact step is submitted" }),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: "FunnelDeal" });

export const funnelDealCreatedSchema = funnelDealViewSchema
  .extend({
    resume_token: z.string().meta({
      description:
        "The deal's key for a family without a session (256 random bits, shown only here): send it back in the X-Resume-Token header. " +
        "It expires 30 days after its last use. The uuid alone opens nothing.",
    }),
  })
  .meta({ id: "FunnelDealCreated" });

// The view the services build fits the schema: the constraint fails to compile when they drift apart.
type FitsFunnelDealSchema<T extends z.infer<typeof funnelDealViewSchema>> = T;
export type SchemaCheckedFunnelDeal = FitsFunnelDealSchema<Omit<FunnelDealView, "resume_token">>;
