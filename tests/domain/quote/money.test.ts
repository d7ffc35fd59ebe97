import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { formatEuros, sanitizeCents, vatOf } from "@/domain/quote/money";

describe("money", () => {
  it("rounds VAT half-up to the cent, per line", () => {
    expect(vatOf(5, 10)).toBe(1); // 0.5 cent rounds up
    expect(vatOf(4, 10)).toBe(0);
    expect(vatOf(20_660, 10)).toBe(2_066);
    expect(vatOf(12_345, 20)).toBe(2_469);
    expect(vatOf(99_999, 0)).toBe(0);
  });

  it("matches exact half-up rounding for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(0 as const, 10 as const, 20 as const), (amount, rate) => {
        const exact = (amount * rate) / 100;
        expect(vatOf(amount, rate)).toBe(Math.floor(exact + 0.5));
      }),
    );
  });

  it("never lets a price go negative or fractional", () => {
    expect(sanitizeCents(-10)).toBe(0);
    expect(sanitizeCents(Number.NaN)).toBe(0);
    expect(sanitizeCents(Number.POSITIVE_INFINITY)).toBe(0);
    expect(sanitizeCents(10.6)).toBe(11);
  });

  it("formats euros the French way", () => {
    expect(formatEuros(375_026)).toBe("3\u202f750,26\u00a0€");
    expect(formatEuros(5)).toBe("0,05\u00a0€");
  });
});
