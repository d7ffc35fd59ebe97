import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COFFIN_RANGES, DISPOSITIONS, PLACES_OF_DEATH, type QuoteAnswers } from "@/domain/quote/answers";
import { LINE_CODES } from "@/domain/quote/pricing";
import { pricingQueryOf } from "@/domain/schemas/quote-pricing";
import { rangePrice } from "@/features/funeral-quote/catalog-prices";
import type { PricingData } from "@/features/funeral-quote/funnel-api";
import { computeServerQuote } from "@/server/services/quote-pricing";
import { createTestApp, getJson, type TestContext } from "./helpers/app";

/**
 * The price the funnel shows beside each coffin range is the one the server's quote then
 * charges for it: the browser prices from the data GET /funeral_funnel/pricing gives it
 * (as JSON, like the browser), the server from its database, for any answers.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const answersArbitrary: fc.Arbitrary<QuoteAnswers> = fc
  .record({
    placeOfDeath: fc.constantFrom(...PLACES_OF_DEATH),
    deathCountry: fc.constantFrom("MA", "DZ", "PT", "TN"),
    deathCommuneInsee: fc.constantFrom("69123", "75056", "13055", "2A004", "33063"),
    disposition: fc.constantFrom(...DISPOSITIONS),
    coffinRange: fc.option(fc.constantFrom(...COFFIN_RANGES), { nil: undefined }),
    destination: fc.option(fc.constantFrom("MA", "DZ", "PT", "SN"), { nil: undefined }),
    coffinPadding: fc.boolean(),
  })
  .map(({ placeOfDeath, deathCountry, destination, ...rest }) => ({
    situation: "death-occurred" as const,
    placeOfDeath,
    ...(placeOfDeath === "abroad" ? { deathCountry } : {}),
    ...(destination ? { repatriation: { destinationCountry: destination } } : {}),
    ...rest,
  }));

async function browserPricing(answers: QuoteAnswers): Promise<PricingData> {
  const query = new URLSearchParams(Object.entries(pricingQueryOf(answers)).filter((e): e is [string, string] => Boolean(e[1])));
  const { status, body } = await getJson<PricingData>(ctx.app, `/api/v1/funeral_funnel/pricing?${query}`);
  expect(status).toBe(200);
  return body;
}

describe("the coffin step's prices", () => {
  it("equal the server's quote for every answer", async () => {
    await fc.assert(
      fc.asyncProperty(answersArbitrary, async (answers) => {
        const pricing = await browserPricing(answers);
        for (const range of COFFIN_RANGES) {
          const chosen = { ...answers, coffinRange: range };
          const { quote } = await computeServerQuote(ctx.db, chosen);
          const charged = quote.lines.filter((l) => l.code === LINE_CODES.coffin || l.code === LINE_CODES.urn);
          const shown = rangePrice(pricing, answers, range);
          if (!quote.lines.some((l) => l.code === LINE_CODES.coffin)) expect(shown).toBeNull();
          else expect(shown).toBe(charged.reduce((sum, l) => sum + l.amountTtcCents, 0));
        }
      }),
      { numRuns: 40 },
    );
  });
});
