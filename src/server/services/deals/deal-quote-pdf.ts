import type { Db } from "@/server/db/client";
import { notFoundError } from "@/server/http/errors";
import { renderQuotePdf } from "@/server/integrations/pdf/quote-pdf";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { getDeal } from "@/server/services/deals/read-deals";

type Person = { civility?: string | null; firstname: string | null; lastname: string | null } | null;

function fullName(person: Person): string | null {
  return person ? [person.civility, person.firstname, person.lastname].filter(Boolean).join(" ") || null : null;
}

/**
 * GET /api/v1/deals/{id}/quote.pdf: the funeral quote in the legal model for the advisors
 * running the case (the funnel's own PDF route opens only through the family's token or
 * session). The same renderer as the family's copy, so both read the same document. A deal
 * without a funeral quote (another kind, or a request never priced) is 404.
 */
export async function businessDealQuotePdf(db: Db, auth: AuthSession, dealId: number): Promise<Uint8Array<ArrayBuffer>> {
  const { role } = await requireBusinessDeal(db, auth, dealId, "read");
  const deal = await getDeal(db, { kind: "business", role }, dealId);
  if (!deal || deal.kind !== "funeral" || !deal.quote) throw notFoundError();
  const city = deal.defunct?.death_city ?? null;
  const pdf = await renderQuotePdf({
    quote: deal.quote,
    reference: deal.uuid.slice(0, 8).toUpperCase(),
    issuedAt: new Date(deal.updated_at * 1000),
    family: fullName(deal.client),
    deceased: fullName(deal.defunct),
    commune: city ? city.name : null,
    deathDate: deal.defunct?.death_date ?? null,
  });
  return new Uint8Array(pdf);
}
