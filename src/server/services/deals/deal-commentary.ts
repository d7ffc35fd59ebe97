import { and, eq } from "drizzle-orm";
import type { DealKind } from "@/domain/schemas/deal";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { dealRoleAllows, dealRoleOf } from "@/server/services/deals/deal-access";

/**
 * PUT /api/v2/deals/{kind}/{id} (SPEC §7 "Deals (v2)", body `{deal: {commentary}}`).
 * One word, two audiences, two columns:
 * - a family member who may change the deal (owner, editor) writes the family's comment,
 *   deals.client_commentary, which the advisors read and the family sees again;
 * - an advisor (business roles 0-2, admitted by the route's guard) writes deals.commentary,
 *   the advisors' internal note, which families never read (read-deals.ts leaves it out).
 * A reader or notary of the deal is refused (403); a deal the client does not hold, or a
 * deal of another kind at that path, does not exist for the caller (404).
 */
export interface DealCommentaryView {
  id: number;
  kind: DealKind;
  client_commentary: string | null;
  /** Only for advisors. */
  commentary?: string | null;
}

export async function updateDealCommentary(db: Db, auth: AuthSession, kind: DealKind, dealId: number, commentary: string | null, now: Date): Promise<DealCommentaryView> {
  const [deal] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.kind, kind)))
    .limit(1);
  if (!deal) throw notFoundError();
  const text = commentary === null || commentary.trim() === "" ? null : commentary.trim();
  if (auth.realm === "client") {
    const role = await dealRoleOf(db, deal.id, auth);
    if (!role) throw notFoundError();
    if (!dealRoleAllows(role, "write")) throw new ApiError(403, "forbidden");
    const [row] = await db.update(deals).set({ clientCommentary: text, updatedAt: now }).where(eq(deals.id, deal.id)).returning({ clientCommentary: deals.clientCommentary });
    return { id: deal.id, kind, client_commentary: row!.clientCommentary };
  }
  const [row] = await db
    .update(deals)
    .set({ commentary: text, updatedAt: now })
    .where(eq(deals.id, deal.id))
    .returning({ clientCommentary: deals.clientCommentary, commentary: deals.commentary });
  return { id: deal.id, kind, client_commentary: row!.clientCommentary, commentary: row!.commentary };
}
