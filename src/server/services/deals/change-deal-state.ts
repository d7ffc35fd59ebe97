import { eq } from "drizzle-orm";
import { nextStatesFor, transitionRefusal } from "@/domain/deal-states";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { ApiError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal, type DealRow } from "@/server/services/deals/business-deal-access";
import { listDealEvents, recordDealEvent } from "@/server/services/deals/deal-events";

/** The deal's state as the back-office shows it: where it is, where the caller may take it, and how it got there. */
export async function dealStateView(db: Db, deal: Pick<DealRow, "id" | "kind" | "state">, role: AuthSession["role"]) {
  return { id: deal.id, state: deal.state, next_states: nextStatesFor(deal.kind, deal.state, role), events: await listDealEvents(db, deal.id) };
}

/**
 * Moves a deal along its kind's graph (src/domain/deal-states.ts): 422 deal__state__invalid
 * for a state the kind does not have, deal__state__transition_invalid for a move the graph
 * lacks, 403 for a move the caller's role may not make. The row is locked so two advisors
 * moving the same deal at once cannot both move it from the same state.
 */
export async function changeDealState(db: Db, auth: AuthSession, dealId: number, to: string, now: Date) {
  const deal = await db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "state", { lock: true });
    const refusal = transitionRefusal(deal.kind, deal.state, to, auth.role);
    if (refusal === "state_invalid") throw new ApiError(422, "deal__state__invalid");
    if (refusal === "transition_invalid") throw new ApiError(422, "deal__state__transition_invalid");
    if (refusal === "forbidden") throw new ApiError(403, "forbidden");
    const [updated] = await tx.update(deals).set({ state: to, updatedAt: now }).where(eq(deals.id, deal.id)).returning();
    await recordDealEvent(tx, { dealId: deal.id, kind: "state", from: deal.state, to, businessUserId: auth.userId, at: now });
    return updated!;
  });
  return dealStateView(db, deal, auth.role);
}
