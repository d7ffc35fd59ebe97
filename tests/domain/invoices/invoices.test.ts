import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billableLines, periodDays } from "@/domain/invoices/billable";
import { invoiceGroup, monthGroup, normalizeInvoiceGroupId, quarterGroup } from "@/domain/invoices/group";
import { formatInvoiceNumber, isGapless } from "@/domain/invoices/numbering";
import { invoiceState, isEditable } from "@/domain/invoices/state";
import { invoiceTotals, isConsistentPrestation, VAT_RATES_BP, vatOf } from "@/domain/invoices/totals";

describe("invoice groups (SPEC §5)", () => {
  it("multiplies an id under 1000 by 1000 and keeps the others", () => {
    expect(normalizeInvoiceGroupId(1)).toBe(1000);
    expect(normalizeInvoiceGroupId(999)).toBe(999_000);
    expect(normalizeInvoiceGroupId(1000)).toBe(1000);
    expect(invoiceGroup("deal", 42, 2026)).toEqual({ type: "deal", id: 42_000, year: 2026 });
  });
  it("gives the month and quarter of a date in UTC", () => {
    expect(monthGroup(new Date("2026-03-31T23:30:00Z"))).toEqual({ type: "month", id: 3000, year: 2026 });
    expect(quarterGroup(new Date("2026-12-01T00:00:00Z"))).toEqual({ type: "quarter", id: 4000, year: 2026 });
    expect(quarterGroup(new Date("2026-01-01T00:00:00Z")).id).toBe(1000);
  });
});

const prestation = fc
  .record({ costHt: fc.integer({ min: -10_000_000, max: 10_000_000 }), vatRateBp: fc.constantFrom(...VAT_RATES_BP) })
  .map((p) => ({ ...p, costTtc: p.costHt + vatOf(p.costHt, p.vatRateBp) }));

describe("invoice totals", () => {
  it("are the sums of the prestations, with the VAT per rate adding up to the difference, for any prestations", () => {
    fc.assert(
      fc.property(fc.array(prestation, { maxLength: 40 }), (prestations) => {
        const totals = invoiceTotals(prestations);
        expect(totals.costTaxExcl).toBe(prestations.reduce((s, p) => s + p.costHt, 0));
        expect(totals.costTaxIncl).toBe(prestations.reduce((s, p) => s + p.costTtc, 0));
        expect(totals.vat.reduce((s, l) => s + l.baseCents, 0)).toBe(totals.costTaxExcl);
        expect(totals.vat.reduce((s, l) => s + l.taxCents, 0)).toBe(totals.costTaxIncl - totals.costTaxExcl);
        expect(new Set(totals.vat.map((l) => l.rateBp)).size).toBe(totals.vat.length);
        for (const line of totals.vat) expect(Number.isInteger(line.taxCents)).toBe(true);
      }),
    );
  });
  it("breaks the VAT down per rate, highest first", () => {
    const totals = invoiceTotals([
      { costHt: 10_000, costTtc: 12_000, vatRateBp: 2000 },
      { costHt: 5_000, costTtc: 5_500, vatRateBp: 1000 },
      { costHt: 333, costTtc: 400, vatRateBp: 2000 },
    ]);
    expect(totals).toEqual({
      costTaxExcl: 15_333,
      costTaxIncl: 17_900,
      vat: [
        { rateBp: 2000, baseCents: 10_333, taxCents: 2_067 },
        { rateBp: 1000, baseCents: 5_000, taxCents: 500 },
      ],
    });
  });
  it("rounds a line's VAT half away from zero, symmetric for credit notes", () => {
    expect(vatOf(250, 2000)).toBe(50);
    expect(vatOf(1, 550)).toBe(0);
    expect(vatOf(10, 550)).toBe(1); // 0.55 → 1
    expect(vatOf(-10, 550)).toBe(-1);
    expect(isConsistentPrestation({ costHt: 333, costTtc: 400, vatRateBp: 2000 })).toBe(true);
    expect(isConsistentPrestation({ costHt: 333, costTtc: 399, vatRateBp: 2000 })).toBe(false);
  });
});

describe("invoice numbering and state", () => {
  it("prints a year and a zero-padded sequence from 1", () => {
    expect(formatInvoiceNumber(2026, 42)).toBe("2026-00042");
    expect(() => formatInvoiceNumber(2026, 0)).toThrow(RangeError);
  });
  it("tells a gapless sequence", () => {
    expect(isGapless([3, 1, 2])).toBe(true);
    expect(isGapless([1, 3])).toBe(false);
    expect(isGapless([1, 1, 2])).toBe(false);
  });
  it("only lets drafts be edited", () => {
    expect(invoiceState({ validatedAt: null, paidAt: null })).toBe("draft");
    expect(invoiceState({ validatedAt: new Date(), paidAt: null })).toBe("validated");
    expect(invoiceState({ validatedAt: new Date(), paidAt: new Date() })).toBe("paid");
    expect(isEditable("draft")).toBe(true);
    expect(isEditable("validated")).toBe(false);
    expect(isEditable("paid")).toBe(false);
  });
});

describe("billable lines of a quote", () => {
  const quote = {
    lines: [
      { sourceCode: "CREMATORIUM-2", label: "Crémation", amountHtCents: 48_500, amountTtcCents: 48_500, vatRate: 0, advanced: true },
      { sourceCode: "CREMATORIUM-2-ROOM-3", label: "Salle", detail: "Lyon, 30 min", amountHtCents: 12_000, amountTtcCents: 12_000, vatRate: 0, advanced: true },
      { sourceCode: "CREMATORIUM-23", label: "Autre", amountHtCents: 100, amountTtcCents: 100, vatRate: 0, advanced: true },
      { sourceCode: "PARLOR-4-DAY", label: "Séjour", amountHtCents: 10_000, amountTtcCents: 12_000, vatRate: 20, advanced: false },
      { sourceCode: "PARLOR-4-ROOM", label: "Cassé", amountHtCents: "x", vatRate: 20 },
      null,
    ],
  };

  it("keeps the partner's own lines, advanced costs at 0 % and others at their rate", () => {
    expect(billableLines(quote, "Crematorium", 2)).toEqual([
      { sourceCode: "CREMATORIUM-2", description: "Crémation", costHt: 48_500, costTtc: 48_500, vatRateBp: 0 },
      { sourceCode: "CREMATORIUM-2-ROOM-3", description: "Salle – Lyon, 30 min", costHt: 12_000, costTtc: 12_000, vatRateBp: 0 },
    ]);
    expect(billableLines(quote, "FuneralParlor", 4)).toEqual([{ sourceCode: "PARLOR-4-DAY", description: "Séjour", costHt: 10_000, costTtc: 12_000, vatRateBp: 2000 }]);
    expect(billableLines(quote, "Graveyard", 2)).toEqual([]);
    expect(billableLines(null, "Crematorium", 2)).toEqual([]);
    expect(billableLines({ lines: "no" }, "Crematorium", 2)).toEqual([]);
  });

  it("proposes only consistent prestations, whatever the quote holds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(0, 2.1, 5.5, 10, 20), (amount, rate) => {
        const [line] = billableLines({ lines: [{ sourceCode: "GRAVEYARD-9", label: "x", amountHtCents: amount, amountTtcCents: amount, vatRate: rate }] }, "Graveyard", 9);
        expect(isConsistentPrestation(line!)).toBe(true);
      }),
    );
  });

  it("gives the days of a month, a quarter and a year", () => {
    expect(periodDays("month", 2024, 2)).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(periodDays("quarter", 2026, 4)).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(periodDays("year", 2026)).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });
});
