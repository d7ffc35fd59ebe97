import { and, count, desc, eq, gte, isNull, lt, type SQL } from "drizzle-orm";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { LeadListQuery, LeadView } from "@/domain/schemas/lead";
import type { Db } from "@/server/db/client";
import { leads } from "@/server/db/schema/content";
import { selectLeads, toLeadView } from "@/server/services/leads/lead-view";

const DAY_MS = 86_400_000;

/** GET /api/v1/leads: newest first, filtered by state, kind, holder and day received (UTC). */
export async function listLeads(db: Db, query: LeadListQuery, me: number): Promise<{ data: LeadView[]; meta: PagingMeta }> {
  const filters: SQL[] = [];
  if (query.state) filters.push(eq(leads.state, query.state));
  if (query.kind) filters.push(eq(leads.kind, query.kind));
  if (query.assigned === "none") filters.push(isNull(leads.assignedToId));
  else if (query.assigned === "me") filters.push(eq(leads.assignedToId, me));
  else if (typeof query.assigned === "number") filters.push(eq(leads.assignedToId, query.assigned));
  if (query.from) filters.push(gte(leads.createdAt, new Date(`${query.from}T00:00:00Z`)));
  // "to" is a whole day: everything before the next midnight.
  if (query.to) filters.push(lt(leads.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(leads).where(where);
  const rows = await selectLeads(db, where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map(toLeadView), meta: pagingMeta(query.page, query.per_page, total?.n ?? 0) };
}
