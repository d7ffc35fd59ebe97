import { z } from "zod";
import { countryCodeSchema, inseeCodeSchema, type QuoteAnswers } from "@/domain/quote/answers";

/**
 * The question the funnel asks for its price data (GET /api/v1/funeral_funnel/pricing): the
 * commune of death and the countries of a repatriation. One schema for the route, the
 * server service and the browser.
 */
export const pricingQuerySchema = z.object({
  commune: inseeCodeSchema.optional().meta({ description: "INSEE code of the commune", example: "69123" }),
  death_country: countryCodeSchema.optional(),
  destination: countryCodeSchema.optional(),
});

export type PricingQuery = z.input<typeof pricingQuerySchema>;

/** The price data a quote of these answers needs (the death country only counts for a death abroad). */
export function pricingQueryOf(answers: QuoteAnswers): PricingQuery {
  return {
    commune: answers.deathCommuneInsee,
    death_country: answers.placeOfDeath === "abroad" ? answers.deathCountry : undefined,
    destination: answers.repatriation?.destinationCountry,
  };
}

/** One key per distinct question, so the browser fetches each set of price data once. */
export function pricingKey(query: PricingQuery): string {
  return `${query.commune ?? ""}|${query.death_country ?? ""}|${query.destination ?? ""}`;
}
