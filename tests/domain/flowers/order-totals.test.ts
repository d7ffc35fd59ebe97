import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderLine, orderTotals, priceTtcCents, vatOfBp } from "@/domain/flowers/order-totals";

describe("order totals", () => {
  it("rounds VAT half-up per line", () => {
    expect(vatOfBp(5364, 1000)).toBe(536);
    expect(vatOfBp(5365, 1000)).toBe(537);
    expect(vatOfBp(1000, 550)).toBe(55);
    expect(priceTtcCents(5364, 1000)).toBe(5900);
  });

  it("makes every total the sum of its lines and HT + VAT = TTC, for any basket", () => {
    const item = fc.record({
      code: fc.string({ minLength: 1, maxLength: 8 }),
      quantity: fc.integer({ min: 1, max: 10 }),
      unitPriceHtCents: fc.integer({ min: 0, max: 1_000_000 }),
      vatRateBp: fc.constantFrom(0, 550, 1000, 2000),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 10 }), (items) => {
        const lines = items.map((i) => orderLine({ ...i, name: i.code, type: "bouquet", picture: "" }));
        const totals = orderTotals(lines);
        expect(totals.ht_cents).toBe(lines.reduce((s, l) => s + l.total_ht_cents, 0));
        expect(totals.vat_cents).toBe(lines.reduce((s, l) => s + l.vat_cents, 0));
        expect(totals.ttc_cents).toBe(lines.reduce((s, l) => s + l.total_ttc_cents, 0));
        expect(totals.ttc_cents).toBe(totals.ht_cents + totals.vat_cents);
        expect(totals.by_rate.reduce((s, r) => s + r.ht_cents, 0)).toBe(totals.ht_cents);
        expect(totals.by_rate.reduce((s, r) => s + r.vat_cents, 0)).toBe(totals.vat_cents);
        for (const line of lines) expect(Number.isSafeInteger(line.total_ttc_cents) && line.total_ttc_cents >= 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
