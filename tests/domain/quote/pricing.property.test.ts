import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { withoutOptionalServices } from "@/domain/quote/answers";
import { LEGAL_SECTIONS } from "@/domain/quote/legal-model";
import { vatOf } from "@/domain/quote/money";
import { computeQuote, LINE_CODES, type Quote, type QuoteLine } from "@/domain/quote/pricing";

import { anyAnswers, anyCatalog, anyPartners, completeAnswers, completePartners } from "./arbitraries";

const RUNS = { numRuns: 300 };

/** Items the law requires in every funeral (coffin with its lining, handles and plate, coffining, approved vehicle). */
const ALWAYS_MANDATORY = [
  LINE_CODES.coffin,
  LINE_CODES.watertightLining,
  LINE_CODES.handles,
  LINE_CODES.identityPlate,
  LINE_CODES.coffining,
  LINE_CODES.transportAfterCoffining,
] as const;

/** Never to be presented as mandatory. */
const NEVER_MANDATORY = [
  LINE_CODES.embalming,
  LINE_CODES.parlorAdmission,
  LINE_CODES.parlorStay,
  LINE_CODES.pressNotice,
  LINE_CODES.onlineNotice,
  LINE_CODES.memorialPage,
  LINE_CODES.flowers,
  LINE_CODES.ceremonyMaster,
  LINE_CODES.padding,
  LINE_CODES.emblem,
] as const;

const LEGALLY_MANDATORY_CODES = new Set<string>([
  ...ALWAYS_MANDATORY,
  LINE_CODES.burialOperation,
  LINE_CODES.cremationFee,
  LINE_CODES.urn,
  LINE_CODES.hermeticCase,
]);

function find(quote: Quote, code: string): QuoteLine[] {
  return quote.lines.filter((line) => line.code === code);
}

function sum(lines: readonly QuoteLine[], pick: (line: QuoteLine) => number): number {
  return lines.reduce((total, line) => total + pick(line), 0);
}

describe("computeQuote – properties over arbitrary answers and price data", () => {
  it("keeps every amount a non-negative integer and every line consistent (HT × qty, VAT half-up, HT + TVA = TTC)", () => {
    fc.assert(
      fc.property(anyAnswers, anyCatalog, anyPartners, (answers, catalog, partners) => {
        const quote = computeQuote(answers, catalog, partners);
        for (const line of quote.lines) {
          for (const value of [line.unitPriceHtCents, line.amountHtCents, line.vatCents, line.amountTtcCents]) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.amountHtCents).toBe(line.unitPriceHtCents * line.quantity);
          expect(line.vatCents).toBe(vatOf(line.amountHtCents, line.vatRate));
          expect(line.amountHtCents + line.vatCents).toBe(line.amountTtcCents);
          expect([0, 10, 20]).toContain(line.vatRate);
          expect(line.reason.startsWith(line.kind === "mandatory" ? "Obligatoire" : "Optionnel")).toBe(true);
          expect(line.label.length).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });

  it("makes totals equal the sum of the lines, per section and overall", () => {
    fc.assert(
      fc.property(anyAnswers, anyCatalog, anyPartners, (answers, catalog, partners) => {
        const quote = computeQuote(answers, catalog, partners);
        const { totals } = quote;
        expect(totals.totalHt).toBe(sum(quote.lines, (l) => l.amountHtCents));
        expect(totals.totalTva).toBe(sum(quote.lines, (l) => l.vatCents));
        expect(totals.totalTtc).toBe(sum(quote.lines, (l) => l.amountTtcCents));
        expect(totals.totalHt + totals.totalTva).toBe(totals.totalTtc);
        expect(totals.mandatoryTtc + totals.optionalTtc + totals.advancedTtc).toBe(totals.totalTtc);
        expect(totals.advancedMandatoryTtc + totals.advancedOptionalTtc).toBe(totals.advancedTtc);
        expect(totals.minimumTtc).toBe(sum(quote.lines.filter((l) => l.kind === "mandatory"), (l) => l.amountTtcCents));
        expect(totals.advancedTtc).toBe(sum(quote.lines.filter((l) => l.advanced), (l) => l.amountTtcCents));

        expect(sum(totals.byVatRate.map((b) => ({ amountHtCents: b.baseHtCents }) as QuoteLine), (l) => l.amountHtCents)).toBe(totals.totalHt);
        for (const band of totals.byVatRate) {
          const lines = quote.lines.filter((l) => l.vatRate === band.rate);
          expect(band.baseHtCents).toBe(sum(lines, (l) => l.amountHtCents));
          expect(band.vatCents).toBe(sum(lines, (l) => l.vatCents));
          expect(band.baseHtCents + band.vatCents).toBe(band.ttcCents);
        }

        expect(quote.sections.map((s) => s.id)).toEqual(LEGAL_SECTIONS.map((s) => s.id));
        let ttc = 0;
        for (const section of quote.sections) {
          const all = [...section.mandatory, ...section.optional];
          expect(all.every((l) => l.sectionId === section.id)).toBe(true);
          expect(section.mandatory.every((l) => l.kind === "mandatory")).toBe(true);
          expect(section.optional.every((l) => l.kind === "optional")).toBe(true);
          const s = section.subtotals;
          expect(s.mandatoryTtcCents).toBe(sum(section.mandatory, (l) => l.amountTtcCents));
          expect(s.optionalTtcCents).toBe(sum(section.optional, (l) => l.amountTtcCents));
          expect(s.mandatoryHtCents + s.mandatoryVatCents).toBe(s.mandatoryTtcCents);
          expect(s.optionalHtCents + s.optionalVatCents).toBe(s.optionalTtcCents);
          expect(s.totalHtCents + s.totalVatCents).toBe(s.totalTtcCents);
          expect(s.totalTtcCents).toBe(s.mandatoryTtcCents + s.optionalTtcCents);
          ttc += s.totalTtcCents;
        }
        expect(ttc).toBe(totals.totalTtc);
        // Every line sits in exactly one section, in the legal order.
        expect(quote.sections.flatMap((s) => [...s.mandatory, ...s.optional]).length).toBe(quote.lines.length);
      }),
      RUNS,
    );
  });

  it("puts advanced third-party costs only in section 8, without VAT added", () => {
    fc.assert(
      fc.property(anyAnswers, anyCatalog, anyPartners, (answers, catalog, partners) => {
        const quote = computeQuote(answers, catalog, partners);
        for (const line of quote.lines) {
          expect(line.advanced).toBe(line.sectionId === "advanced-costs");
          if (line.advanced) expect(line.vatCents).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it("includes every legally mandatory item of a complete funeral, always in the mandatory column", () => {
    fc.assert(
      fc.property(completeAnswers, anyCatalog, completePartners, (answers, catalog, partners) => {
        const quote = computeQuote(answers, catalog, partners);
        expect(quote.warnings.filter((w) => w.severity === "blocking")).toEqual([]);
        expect(quote.complete).toBe(true);
        for (const code of ALWAYS_MANDATORY) {
          const lines = find(quote, code);
          expect(lines.length, code).toBeGreaterThanOrEqual(1);
          expect(lines.every((l) => l.kind === "mandatory")).toBe(true);
        }
        expect(find(quote, LINE_CODES.handles)[0]?.quantity).toBe(4);
        const repatriated = answers.repatriation !== undefined;
        if (answers.disposition === "cremation") {
          expect(find(quote, LINE_CODES.cremationFee).map((l) => l.kind)).toEqual(["mandatory"]);
          expect(find(quote, LINE_CODES.urn).map((l) => l.kind)).toEqual(["mandatory"]);
        } else if (!repatriated) {
          expect(find(quote, LINE_CODES.burialOperation).map((l) => l.kind)).toEqual(["mandatory"]);
        } else {
          // Buried abroad: the hermetic coffin and the flight are the mandatory part in France.
          expect(find(quote, LINE_CODES.hermeticCase).map((l) => l.kind)).toEqual(["mandatory"]);
          expect(find(quote, LINE_CODES.airFreight).map((l) => l.kind)).toEqual(["mandatory"]);
          expect(find(quote, LINE_CODES.burialOperation)).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it("never marks a legally mandatory item optional, nor embalming, parlour stays or notices mandatory", () => {
    fc.assert(
      fc.property(anyAnswers, anyCatalog, anyPartners, (answers, catalog, partners) => {
        const quote = computeQuote(answers, catalog, partners);
        for (const line of quote.lines) {
          if (LEGALLY_MANDATORY_CODES.has(line.code)) expect(line.kind, line.code).toBe("mandatory");
          if ((NEVER_MANDATORY as readonly string[]).includes(line.code)) expect(line.kind, line.code).toBe("optional");
        }
      }),
      RUNS,
    );
  });

  it("lets the family remove every optional item without changing the mandatory part", () => {
    fc.assert(
      fc.property(anyAnswers, anyCatalog, anyPartners, (answers, catalog, partners) => {
        const full = computeQuote(answers, catalog, partners);
        const minimal = computeQuote(withoutOptionalServices(answers), catalog, partners);
        expect(minimal.lines.filter((l) => l.kind === "optional")).toEqual([]);
        expect(minimal.totals.optionalTtc).toBe(0);
        expect(minimal.totals.advancedOptionalTtc).toBe(0);
        expect(minimal.lines).toEqual(full.lines.filter((l) => l.kind === "mandatory"));
        expect(minimal.totals.totalTtc).toBe(full.totals.minimumTtc);
      }),
      RUNS,
    );
  });

  it("is deterministic and leaves its inputs untouched", () => {
    fc.assert(
      fc.property(anyAnswers, anyCatalog, anyPartners, (answers, catalog, partners) => {
        const before = structuredClone({ answers, catalog, partners });
        const first = computeQuote(answers, catalog, partners, { today: "2026-01-01" });
        const second = computeQuote(answers, catalog, partners, { today: "2026-01-01" });
        expect(second).toEqual(first);
        expect({ answers, catalog, partners }).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });

  it("never produces a negative price even from corrupt price data", () => {
    const corrupt = fc.integer({ min: -1_000_000, max: 1_000_000 });
    fc.assert(
      fc.property(completeAnswers, anyCatalog, completePartners, corrupt, corrupt, (answers, catalog, partners, a, b) => {
        const broken = {
          ...catalog,
          services: { ...catalog.services, organisation: { ...catalog.services.organisation, priceHtCents: a } },
          accessories: { ...catalog.accessories, handles: { ...catalog.accessories.handles, priceHtCents: Number.NaN } },
        };
        const brokenPartners = { ...partners, transport: { flatFeeHtCents: b, perKmHtCents: -a } };
        const quote = computeQuote(answers, broken, brokenPartners);
        for (const line of quote.lines) expect(line.amountTtcCents).toBeGreaterThanOrEqual(0);
        expect(quote.totals.totalTtc).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 100 },
    );
  });
});
