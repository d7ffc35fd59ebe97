import { z } from "zod";
import { DEAL_STATES } from "@/domain/deal-states";
import { ROLES, type Role } from "@/domain/roles";
import { DEAL_KINDS } from "@/domain/schemas/deal";

/**
 * GET /api/v1/statistics (issue 14): aggregated figures on the deals created in a period,
 * for the management and the analytics guest (role 3). Counts and amounts only: never a
 * name, e-mail, phone, address nor a deal's id.
 */

/**
 * Who reads the statistics: admins, funeral directors and the analytics guest (3), whose
 * whole job they are. Funeral advisors (2) run cases one by one and partner professionals
 * (4) are outside the company: the turnover and conversion of the whole funeral home are
 * management information, so the API answers them 403 (and the page sends them to the board).
 */
export const STATISTICS_ROLES: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.ANALYTICS_GUEST];

/** The longest period one call aggregates (two years and a day, so two full calendar years fit). */
export const STATISTICS_MAX_DAYS = 731;
/** The default period: the current ISO week and the 11 before it. */
export const STATISTICS_DEFAULT_WEEKS = 12;

export const statisticsQuerySchema = z
  .object({
    from: z.iso.date({ error: "statistics__from__invalid" }).optional().meta({ description: "First day (YYYY-MM-DD, Paris time); default: the Monday 11 weeks before this week's" }),
    to: z.iso.date({ error: "statistics__to__invalid" }).optional().meta({ description: "Last day included (YYYY-MM-DD, Paris time); default: today" }),
  })
  .meta({ id: "StatisticsQuery" });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const count = z.number().int().min(0);

export const statisticsSchema = z
  .object({
    period: z.object({ from: z.string(), to: z.string() }).meta({ description: "The days counted, both included (deals by creation day)" }),
    total_deals: count,
    by_state: z.array(z.object({ state: z.enum(DEAL_STATES), count })).meta({ description: "Deals created in the period, by their state today" }),
    by_kind: z.array(z.object({ kind: z.enum(DEAL_KINDS), count })),
    by_week: z.array(z.object({ week: z.string().meta({ example: "2026-W48" }), starts_on: z.string(), count })).meta({ description: "Every ISO week of the period, empty ones included" }),
    quote_conversion: z
      .object({
        quotes: count.meta({ description: "Deals whose family received a quote (quote sent or any later state, or lost after it)" }),
        ordered: count.meta({ description: "Of those, the deals ordered (signed, ordered, or any later state)" }),
        rate_bp: z.number().int().nullable().meta({ description: "ordered / quotes in basis points (10000 = 100 %); null without quotes" }),
      })
      .meta({ id: "QuoteConversion" }),
    average_basket: z
      .object({
        orders: count.meta({ description: "Ordered deals with a price (cancelled ones left out)" }),
        average_cents: z.number().int().nullable().meta({ description: "Their average total, tax included, in euro cents; null without orders" }),
      })
      .meta({ id: "AverageBasket" }),
  })
  .meta({ id: "Statistics" });
export type Statistics = z.infer<typeof statisticsSchema>;
