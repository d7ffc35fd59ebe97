import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COFFIN_RANGES, type QuoteAnswers } from "@/domain/quote/answers";
import { DEMO_CATALOG, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import { computeQuote, LINE_CODES } from "@/domain/quote/pricing";
import { rangePrice } from "@/features/funeral-quote/catalog-prices";
import { anyAnswers, anyCatalog, anyPartners } from "../../domain/quote/arbitraries";

const coffinAndUrn = (answers: QuoteAnswers, catalog = DEMO_CATALOG, partners = DEMO_PARTNERS) =>
  computeQuote(answers, catalog, partners)
    .lines.filter((l) => l.code === LINE_CODES.coffin || l.code === LINE_CODES.urn)
    .reduce((sum, l) => sum + l.amountTtcCents, 0);

describe("rangePrice", () => {
  it("shows the substitute the engine falls back to when a range has no fitting coffin", () => {
    const catalog = { ...DEMO_CATALOG, coffins: DEMO_CATALOG.coffins.filter((c) => c.range !== "prestige") };
    const answers: QuoteAnswers = { situation: "death-occurred", placeOfDeath: "home", disposition: "cremation" };
    const shown = rangePrice({ catalog, partners: DEMO_PARTNERS }, answers, "prestige");
    expect(shown).not.toBeNull();
    expect(shown).toBe(coffinAndUrn({ ...answers, coffinRange: "prestige" }, catalog));
  });

  it("is null when the catalogue has no coffin at all", () => {
    const catalog = { ...DEMO_CATALOG, coffins: [] };
    expect(rangePrice({ catalog, partners: DEMO_PARTNERS }, { disposition: "burial" }, "essential")).toBeNull();
  });

  it("equals the quote's coffin and urn for every answer, catalogue and range", () => {
    fc.assert(
      fc.property(anyAnswers, anyCatalog, anyPartners, fc.constantFrom(...COFFIN_RANGES), (answers, catalog, partners, range) => {
        const quote = computeQuote({ ...answers, coffinRange: range }, catalog, partners);
        const shown = rangePrice({ catalog, partners }, answers, range);
        if (!quote.lines.some((l) => l.code === LINE_CODES.coffin)) expect(shown).toBeNull();
        else expect(shown).toBe(coffinAndUrn({ ...answers, coffinRange: range }, catalog, partners));
      }),
    );
  });
});
