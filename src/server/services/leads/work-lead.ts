import { and, eq, inArray } from "drizzle-orm";
import { FUNERAL_TEAM_ROLES } from "@/domain/business-deal-access";
import type { LeadView } from "@/domain/schemas/lead";
import type { Db } from "@/server/db/client";
import { leads } from "@/server/db/schema/content";
import { businessUsers } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import { getLeadView } from "@/server/services/leads/lead-view";

/** The advisor's work on a lead: give it to someone of the funeral team, record the call. */

async function requireLead(db: Db, id: number): Promise<typeof leads.$inferSelect> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  if (!row) throw notFoundError("lead__not_found");
  return row;
}

/** PUT /api/v1/leads/{id}/assign: only an active director or advisor may hold a lead; a converted one stays as it is. */
export async function assignLead(db: Db, id: number, businessUserId: number, now: Date): Promise<LeadView> {
  const lead = await requireLead(db, id);
  if (lead.state === "converted") throw new ApiError(422, "lead__state__converted");
  const [holder] = await db
    .select({ id: businessUsers.id })
    .from(businessUsers)
    .where(and(eq(businessUsers.id, businessUserId), inArray(businessUsers.role, [...FUNERAL_TEAM_ROLES]), eq(businessUsers.disabled, false)))
    .limit(1);
  if (!holder) throw new ApiError(422, "lead__business_user_id__not_assignable");
  await db.update(leads).set({ assignedToId: holder.id, assignedAt: now, updatedAt: now }).where(eq(leads.id, id));
  return (await getLeadView(db, id))!;
}

/** POST /api/v1/leads/{id}/called: who called and when, with the advisor's note; calling again updates them. */
export async function markLeadCalled(db: Db, id: number, note: string | null, callerId: number, now: Date): Promise<LeadView> {
  const lead = await requireLead(db, id);
  if (lead.state === "converted") throw new ApiError(422, "lead__state__converted");
  await db
    .update(leads)
    .set({ state: "called", calledById: callerId, calledAt: now, handledAt: lead.handledAt ?? now, callNote: note && note.length > 0 ? note : null, updatedAt: now })
    .where(eq(leads.id, id));
  return (await getLeadView(db, id))!;
}
