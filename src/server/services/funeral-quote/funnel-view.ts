import { and, eq } from "drizzle-orm";
import type { Quote } from "@/domain/quote/pricing";
import type { FunnelDealView } from "@/domain/schemas/funeral-quote";
import type { Db } from "@/server/db/client";
import { dealAbilities, dealSettings, deals } from "@/server/db/schema/deals";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import type { FunnelAccess } from "@/server/services/funeral-quote/funnel-context";
import { epochSeconds } from "@/domain/time";
import { readSetting, type FunnelSetting } from "@/server/services/funeral-quote/funnel-setting";
import type { QuoteCommune } from "@/server/services/quote-catalog";

export type OwnerView = { civility: string | null; firstname: string | null; lastname: string | null; phone: string | null; email: string | null };

/** A funnel deal with its setting, owner and defunct, in one query. */
export async function loadFunnelDeal(db: Db, uuid: string) {
  const [row] = await db
    .select({ deal: deals, setting: dealSettings.value, owner: clients, defunct: defuncts })
    .from(deals)
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, deals.id), eq(dealSettings.key, FUNNEL_SETTING_KEY)))
    .leftJoin(dealAbilities, and(eq(dealAbilities.dealId, deals.id), eq(dealAbilities.role, "owner")))
    .leftJoin(clients, eq(clients.id, dealAbilities.clientId))
    .leftJoin(defuncts, eq(defuncts.id, deals.defunctId))
    .where(and(eq(deals.uuid, uuid), eq(deals.kind, "funeral")))
    .limit(1);
  if (!row) return null;
  return { deal: row.deal, setting: readSetting(row.setting), owner: row.owner, defunct: row.defunct };
}

/** What the funnel answers about a deal. */
export function funnelView(input: {
  uuid: string;
  state: string;
  setting: FunnelSetting;
  owner: OwnerView | null;
  defunct: { civility: string | null; firstname: string | null; lastname: string | null; deathDate: string | null } | null;
  quote: Quote;
  commune: QuoteCommune | null;
  createdAt: Date;
  updatedAt: Date;
  /** Through a resume token alone: the answers and the quote, not who the family is. */
  access?: FunnelAccess;
}): FunnelDealView {
  const { setting, commune } = input;
  const redacted = input.access === "token";
  const owner = redacted ? null : input.owner;
  const defunct = redacted && input.defunct ? { ...input.defunct, civility: null, firstname: null, lastname: null } : input.defunct;
  return {
    uuid: input.uuid,
    state: input.state,
    answers: setting.answers,
    current_step: setting.current_step,
    locale: setting.locale,
    client: owner
      ? { civility: owner.civility, firstname: owner.firstname, lastname: owner.lastname, phone: owner.phone, email: owner.email, contact_channel: setting.contact_channel }
      : null,
    defunct: defunct ? { civility: defunct.civility, firstname: defunct.firstname, lastname: defunct.lastname, death_date: defunct.deathDate } : null,
    quote: input.quote,
    commune: commune ? { insee_code: commune.inseeCode, name: commune.name, postal_code: commune.postalCode } : null,
    submitted_at: setting.submitted_at ? epochSeconds(setting.submitted_at) : null,
    created_at: epochSeconds(input.createdAt),
    updated_at: epochSeconds(input.updatedAt),
  };
}
