import { sql, type SQL } from "drizzle-orm";
import { ORDERED_STATES, isDealState, type DealState } from "@/domain/deal-states";
import { addDays, daysBetween, mondayOf, weeksBetween } from "@/domain/iso-week";
import { DEAL_KINDS, type DealKind } from "@/domain/schemas/deal";
import { STATISTICS_DEFAULT_WEEKS, STATISTICS_MAX_DAYS, type Statistics, type StatisticsQuery } from "@/domain/schemas/statistics";
import { todayInFrance } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { ApiError } from "@/server/http/errors";

/**
 * GET /api/v1/statistics: the deals created in a period (Paris days), counted by state,
 * kind and ISO week, with the quote conversion and the average basket. Every query
 * aggregates: no row of a deal, client or defunct leaves the database.
 */

/** The period asked, or the last 12 ISO weeks up to today; 422 when it is reversed or too long. */
export function statisticsPeriod(query: StatisticsQuery, now: Date = new Date()): { from: string; to: string } {
  const to = query.to ?? todayInFrance(now);
  const from = query.from ?? addDays(mondayOf(to), -7 * (STATISTICS_DEFAULT_WEEKS - 1));
  const span = daysBetween(from, to);
  if (span < 0) throw new ApiError(422, "statistics__period__reversed");
  if (span >= STATISTICS_MAX_DAYS) throw new ApiError(422, "statistics__period__too_long");
  return { from, to };
}

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

export async function dealStatistics(db: Db, query: StatisticsQuery, now: Date = new Date()): Promise<Statistics> {
  const period = statisticsPeriod(query, now);
  const inPeriod: SQL = sql`${deals.createdAt} >= (${period.from}::date)::timestamp AT TIME ZONE 'Europe/Paris'
    AND ${deals.createdAt} < ((${period.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`;
  const ordered = list(ORDERED_STATES);
  const quoted = sql`(${deals.state} = 'quote_sent' OR ${deals.state} IN (${ordered})
    OR (${deals.state} = 'lost' AND EXISTS (SELECT 1 FROM deal_events e WHERE e.deal_id = ${deals.id} AND e.kind = 'state' AND e.from_value = 'quote_sent')))`;
  const paidOrder = sql`${deals.state} IN (${ordered}) AND ${deals.state} <> 'cancelled' AND ${deals.totalCents} IS NOT NULL`;

  const [groups, weeks, [funnel]] = await Promise.all([
    db.select({ kind: deals.kind, state: deals.state, count: sql<number>`count(*)`.mapWith(Number) }).from(deals).where(inPeriod).groupBy(deals.kind, deals.state),
    db
      .select({ week: sql<string>`to_char(${deals.createdAt} AT TIME ZONE 'Europe/Paris', 'IYYY-"W"IW')`, count: sql<number>`count(*)`.mapWith(Number) })
      .from(deals)
      .where(inPeriod)
      .groupBy(sql`1`),
    db
      .select({
        quotes: sql<number>`count(*) FILTER (WHERE ${quoted})`.mapWith(Number),
        ordered: sql<number>`count(*) FILTER (WHERE ${deals.state} IN (${ordered}))`.mapWith(Number),
        orders: sql<number>`count(*) FILTER (WHERE ${paidOrder})`.mapWith(Number),
        average: sql<string | null>`round(avg(${deals.totalCents}) FILTER (WHERE ${paidOrder}))`,
      })
      .from(deals)
      .where(inPeriod),
  ]);

  const byState = new Map<DealState, number>();
  const byKind = new Map<DealKind, number>();
  for (const group of groups) {
    if (isDealState(group.state)) byState.set(group.state, (byState.get(group.state) ?? 0) + group.count);
    byKind.set(group.kind, (byKind.get(group.kind) ?? 0) + group.count);
  }
  const perWeek = new Map(weeks.map((row) => [row.week, row.count]));
  const quotes = funnel?.quotes ?? 0;
  const orderedCount = funnel?.ordered ?? 0;
  return {
    period,
    total_deals: groups.reduce((sum, group) => sum + group.count, 0),
    by_state: [...byState].map(([state, count]) => ({ state, count })),
    by_kind: DEAL_KINDS.map((kind) => ({ kind, count: byKind.get(kind) ?? 0 })),
    by_week: weeksBetween(period.from, period.to).map(({ week, starts_on }) => ({ week, starts_on, count: perWeek.get(week) ?? 0 })),
    quote_conversion: { quotes, ordered: orderedCount, rate_bp: quotes > 0 ? Math.round((orderedCount * 10_000) / quotes) : null },
    average_basket: { orders: funnel?.orders ?? 0, average_cents: funnel?.average === null || funnel?.average === undefined ? null : Math.round(Number(funnel.average)) },
  };
}
