import type { MarbleDealView } from "@/domain/schemas/marble-funnel";
import type { Db } from "@/server/db/client";
import { dealAccess } from "@/server/services/deals/deal-access";
import type { FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { loadMarbleDeal, storedMarbleView } from "@/server/services/marble-funnel/marble-deal";

/** GET /api/v1/marble_funnel/deals/{uuid}: what the configurator needs to resume, and the confirmation (null: no such deal for this caller). */
export async function getMarbleDeal(db: Db, uuid: string, ctx: Pick<FunnelContext, "auth" | "resumeToken" | "now">): Promise<MarbleDealView | null> {
  const loaded = await loadMarbleDeal(db, uuid);
  if (!loaded) return null;
  const access = await dealAccess(db, loaded.deal.id, ctx, ctx.now ?? new Date());
  if (!access) return null;
  return storedMarbleView(loaded, access);
}
