import type { Quote } from "@/domain/quote/pricing";
import type { FunnelDealView } from "@/domain/schemas/funeral-quote";
import type { Db } from "@/server/db/client";
import { dealAccess } from "@/server/services/deals/deal-access";
import type { FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { EMPTY_FUNNEL_SETTING } from "@/server/services/funeral-quote/funnel-setting";
import { funnelView, loadFunnelDeal } from "@/server/services/funeral-quote/funnel-view";
import { findCommune } from "@/server/services/quote-catalog";
import { fromStoredQuote } from "@/server/services/quote-storage";

/** GET /api/v1/funeral_funnel/deals/{uuid}: what the funnel needs to resume (null: no such deal for this caller). */
export async function getFunnelDeal(db: Db, uuid: string, ctx: Pick<FunnelContext, "auth" | "resumeToken" | "now">): Promise<FunnelDealView | null> {
  const loaded = await loadFunnelDeal(db, uuid);
  if (!loaded) return null;
  const access = await dealAccess(db, loaded.deal.id, ctx, ctx.now ?? new Date());
  if (!access) return null;
  const setting = loaded.setting ?? EMPTY_FUNNEL_SETTING;
  const insee = setting.answers.deathCommuneInsee;
  return funnelView({
    uuid: loaded.deal.uuid,
    state: loaded.deal.state,
    setting,
    owner: loaded.owner,
    defunct: loaded.defunct,
    quote: fromStoredQuote(loaded.deal.quote) as Quote,
    commune: insee ? await findCommune(db, insee) : null,
    createdAt: loaded.deal.createdAt,
    updatedAt: loaded.deal.updatedAt,
    access,
  });
}
