import type { Db } from "@/server/db/client";
import { renderQuotePdf } from "@/server/integrations/pdf/quote-pdf";
import type { FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { getFunnelDeal } from "@/server/services/funeral-quote/get-funnel-deal";

type Person = { civility?: string | null; firstname: string | null; lastname: string | null } | null;

function fullName(person: Person): string | null {
  return person ? [person.civility, person.firstname, person.lastname].filter(Boolean).join(" ") || null : null;
}

/**
 * GET /api/v1/funeral_funnel/deals/{uuid}/quote.pdf: the quote in the legal model, with the
 * same data as on screen (and the same access: through the token, no names). Null: no such
 * deal for this caller.
 */
export async function funnelQuotePdf(db: Db, uuid: string, ctx: Pick<FunnelContext, "auth" | "resumeToken" | "now">): Promise<Uint8Array<ArrayBuffer> | null> {
  const deal = await getFunnelDeal(db, uuid, ctx);
  if (!deal) return null;
  const pdf = await renderQuotePdf({
    quote: deal.quote,
    reference: uuid.slice(0, 8).toUpperCase(),
    issuedAt: new Date(deal.updated_at * 1000),
    family: fullName(deal.client),
    deceased: fullName(deal.defunct),
    commune: deal.commune ? `${deal.commune.name}${deal.commune.postal_code ? ` (${deal.commune.postal_code})` : ""}` : null,
    deathDate: deal.defunct?.death_date ?? null,
  });
  return new Uint8Array(pdf);
}
