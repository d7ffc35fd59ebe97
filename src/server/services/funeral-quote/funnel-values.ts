import type { QuoteAnswers } from "@/domain/quote/answers";
import type { FunnelClientInput, FunnelDefunctInput } from "@/domain/schemas/funeral-quote";
import type { NewDefunct } from "@/server/services/deals/create-deal";
import type { ClientRow } from "@/server/services/auth/users";
import type { OwnerDetails } from "@/server/services/deals/deal-owner";
import type { QuoteCommune } from "@/server/services/quote-catalog";

/** The funnel's answers mapped to the deal's rows. */

export function clientValues(client: FunnelClientInput): OwnerDetails {
  return {
    civility: client.civility ?? null,
    firstname: client.firstname,
    lastname: client.lastname,
    phone: client.phone,
    email: client.email,
  };
}

/** The defunct's death from the answers; the name only when the save gives one (null fields otherwise). */
export function defunctValues(answers: QuoteAnswers, defunct: FunnelDefunctInput | null | undefined, commune: QuoteCommune | null): NewDefunct {
  return {
    deathDate: answers.situation === "planning-ahead" ? null : (answers.deathDate ?? null),
    deathCityhallId: answers.placeOfDeath !== "abroad" && commune ? commune.id : null,
    civility: defunct?.civility ?? null,
    firstname: defunct?.firstname || null,
    lastname: defunct?.lastname || null,
  };
}

export function submitProblems(answers: QuoteAnswers, hasClient: boolean): string[] {
  const codes: string[] = [];
  if (!hasClient) codes.push("deal__client__missing");
  if (!answers.disposition) codes.push("deal__disposition__missing");
  return codes;
}

/** Same person, same details: the contact step sent again as it was stored. */
export function sameContact(owner: ClientRow, client: FunnelClientInput): boolean {
  const values = clientValues(client);
  return (
    owner.email === values.email &&
    (owner.firstname ?? "") === values.firstname &&
    (owner.lastname ?? "") === values.lastname &&
    (owner.phone ?? null) === (values.phone ?? null) &&
    (owner.civility ?? null) === (values.civility ?? null)
  );
}
