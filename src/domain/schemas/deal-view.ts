import { z } from "zod";
import { TRACKING_TYPES } from "@/domain/constants";
import { DEAL_STATES } from "@/domain/deal-states";
import { DEAL_STEP_TYPES } from "@/domain/deal-steps";
import { quoteAnswersSchema } from "@/domain/quote/answers";
import { DEAL_ABILITY_ROLES } from "@/domain/roles";
import { DEAL_KINDS, LOCATION_TYPES, PLACE_KINDS, STEP_MODES, TRANSPORTS } from "@/domain/schemas/deal";
import { FUNNEL_CONTACT_CHANNELS, FUNNEL_STEPS } from "@/domain/schemas/funeral-quote";
import { quoteSchema } from "@/domain/schemas/quote";

/**
 * Deals as GET /api/v1/deals and GET /api/v1/deals/{id} answer them
 * (src/server/services/deals/read-deals.ts builds them; the routes' typing checks they fit).
 * Times are Unix seconds.
 */

const seconds = z.number().int().meta({ description: "Unix seconds" });

export const dealClientSchema = z
  .object({
    id: z.number().int(),
    civility: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: "DealClient", description: "The deal's owner" });

export const dealSummarySchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    kind: z.enum(DEAL_KINDS),
    state: z.string(),
    total_cents: z.number().int().nullable(),
    demo: z.boolean(),
    client: dealClientSchema.nullable(),
    defunct: z.object({ id: z.number().int(), firstname: z.string().nullable(), lastname: z.string().nullable(), death_date: z.string().nullable() }).nullable(),
    contact_channel: z.string().nullable(),
    death_city: z.object({ name: z.string() }).nullable().meta({ description: "The commune of death (null for a partner professional)" }),
    advisor: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }).nullable().meta({ description: "The business user in charge" }),
    ceremony_at: seconds.nullable().meta({ description: "The first ceremony step planned" }),
    submitted_at: seconds.nullable(),
    created_at: seconds,
    updated_at: seconds,
  })
  .meta({ id: "DealSummary" });

export const dealStepViewSchema = z.object({
  id: z.number().int(),
  step_type: z.enum(DEAL_STEP_TYPES),
  position: z.number().int(),
  scheduled_at: seconds.nullable(),
  location_type: z.enum(LOCATION_TYPES).nullable(),
  location_id: z.number().int().nullable(),
  place_kind: z.enum(PLACE_KINDS).nullable(),
  mode: z.enum(STEP_MODES),
  transport: z.enum(TRANSPORTS).nullable(),
  address: z.string().nullable(),
  comment: z.string().nullable(),
  done_at: seconds.nullable(),
});

/** A business user as the deal's history and communications name them. */
export const businessUserRefSchema = z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }).meta({ id: "BusinessUserRef" });

export const dealEventSchema = z
  .object({
    id: z.number().int(),
    kind: z.string().meta({ description: "state, user, owner, empowered_client, brand, defunct, duplicated_from, welcome, document_added, document_deleted, document_batch_sent" }),
    from: z.string().nullable(),
    to: z.string().nullable(),
    by: businessUserRefSchema.nullable(),
    created_at: seconds,
  })
  .meta({ id: "DealEvent" });

export const dealDetailSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    kind: z.enum(DEAL_KINDS),
    state: z.string(),
    demo: z.boolean(),
    total_cents: z.number().int().nullable(),
    client_commentary: z.string().nullable(),
    commentary: z.string().nullable().optional().meta({ description: "The advisors' internal commentary; absent for a client" }),
    advisor: z
      .object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), role: z.number().int() })
      .nullable()
      .optional()
      .meta({ description: "The business user in charge; advisors only" }),
    empowered_client_id: z.number().int().nullable().optional().meta({ description: "The member with standing to arrange the funeral; advisors only" }),
    brand: z.string().nullable().optional().meta({ description: "Advisors only" }),
    welcome_sent_at: seconds.nullable().optional().meta({ description: "When the welcome e-mail was sent; advisors only" }),
    next_states: z.array(z.enum(DEAL_STATES)).optional().meta({ description: "The states the caller may move the deal to; advisors only" }),
    events: z
      .array(dealEventSchema)
      .optional()
      .meta({ description: "The deal's history (state changes, assignment, owner...), oldest first; advisors only" }),
    client: dealClientSchema.nullable(),
    abilities: z.array(
      z.object({
        id: z.number().int(),
        client_id: z.number().int(),
        role: z.enum(DEAL_ABILITY_ROLES),
        link: z.string().nullable(),
        client: z.object({
          firstname: z.string().nullable(),
          lastname: z.string().nullable(),
          email: z.string().nullable().meta({ description: "Null for a client reading another holder of the deal" }),
        }),
      }),
    ),
    defunct: z
      .object({
        id: z.number().int(),
        civility: z.string().nullable(),
        firstname: z.string().nullable(),
        lastname: z.string().nullable(),
        death_date: z.string().nullable(),
        death_city: z.object({ name: z.string(), insee_code: z.string() }).nullable(),
      })
      .nullable(),
    deal_steps: z.array(dealStepViewSchema),
    funnel: z
      .object({
        answers: quoteAnswersSchema,
        current_step: z.enum(FUNNEL_STEPS).nullable(),
        locale: z.string().nullable(),
        contact_channel: z.enum(FUNNEL_CONTACT_CHANNELS).nullable(),
        consent_at: seconds.nullable(),
        submitted_at: seconds.nullable(),
      })
      .nullable()
      .meta({ description: "What the funeral funnel stored: null for a deal started elsewhere" }),
    quote: quoteSchema.nullable(),
    tracking: z
      .object({
        tracking_type: z.enum(TRACKING_TYPES).nullable(),
        tracking_id: z.string().nullable(),
        utm_source: z.string().nullable(),
        utm_medium: z.string().nullable(),
        utm_campaign: z.string().nullable(),
        utm_term: z.string().nullable(),
        consent: z.boolean(),
        expiration_date: seconds.nullable(),
      })
      .nullable()
      .meta({ description: "Marketing attribution; advisors only" }),
    created_at: seconds,
    updated_at: seconds,
  })
  .meta({ id: "DealDetail" });
