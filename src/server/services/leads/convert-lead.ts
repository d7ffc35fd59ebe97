import { eq } from "drizzle-orm";
import { FUNERAL_TEAM_ROLES } from "@/domain/business-deal-access";
import type { Role } from "@/domain/roles";
import type { LeadView } from "@/domain/schemas/lead";
import type { Db } from "@/server/db/client";
import { leads } from "@/server/db/schema/content";
import { deals } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";
import { createDeal } from "@/server/services/deals/create-deal";
import { claimingEmail, findClientByEmail } from "@/server/services/deals/deal-owner";
import { newResumeToken } from "@/server/services/deals/resume-tokens";
import { getLeadView } from "@/server/services/leads/lead-view";

/** The deal_settings key keeping what the family asked for when the deal came from a call-back request. */
export const LEAD_SETTING_KEY = "lead";

/**
 * POST /api/v1/leads/{id}/convert: the request becomes a funeral deal (draft) whose owner is
 * the lead's contact, an account without a password as the funnel makes it (or the account
 * that already holds the address). The lead links to the deal; a second conversion is
 * refused, even when two advisors click at once (the lead row is locked).
 */
export async function convertLead(db: Db, id: number, by: { id: number; role: Role }, now: Date): Promise<LeadView> {
  await db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for("update");
    if (!lead) throw notFoundError("lead__not_found");
    if (lead.dealId !== null || lead.state === "converted") throw new ApiError(422, "lead__deal__already_converted");
    const existing = lead.email ? await findClientByEmail(tx, lead.email) : null;
    const ownerId =
      existing?.id ??
      (
        await claimingEmail(() =>
          tx.insert(clients).values({ firstname: lead.firstname, lastname: lead.lastname, phone: lead.phone, email: lead.email, postalCode: lead.postalCode }).returning({ id: clients.id }),
        )
      )[0]!.id;
    const deal = await createDeal(tx, {
      kind: "funeral",
      state: "draft",
      quote: null,
      totalCents: 0,
      demo: false,
      newOwner: null,
      existingOwnerId: ownerId,
      defunct: { civility: null, firstname: null, lastname: null, deathDate: null, deathCityhallId: null },
      setting: { key: LEAD_SETTING_KEY, value: { lead_id: lead.id, kind: lead.kind, contact_channel: lead.contactChannel, message: lead.message } },
      tracking: null,
      steps: [],
      resumeTokenHash: newResumeToken().hash,
      jobs: null,
      now,
    });
    // The advisor in charge: the lead's holder, else whoever converts it when they run cases.
    const advisorId = lead.assignedToId ?? (FUNERAL_TEAM_ROLES.includes(by.role) ? by.id : null);
    // No quote yet: the advisor prices it with the family (an SQL NULL, not a JSON null).
    await tx.update(deals).set({ quote: null, totalCents: null, advisorId }).where(eq(deals.id, deal.id));
    await tx.update(leads).set({ state: "converted", dealId: deal.id, convertedById: by.id, convertedAt: now, handledAt: lead.handledAt ?? now, updatedAt: now }).where(eq(leads.id, id));
  });
  return (await getLeadView(db, id))!;
}
