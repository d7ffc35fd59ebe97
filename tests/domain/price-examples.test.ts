import { describe, expect, it } from "vitest";
import { computePriceExample, priceExamples } from "@/domain/price-examples";

describe("priceExamples", () => {
  it("prices a plain cremation and a plain burial with the pricing engine, laid out by legal sections", () => {
    const [cremation, burial] = priceExamples();
    expect(cremation!.id).toBe("cremation");
    expect(burial!.id).toBe("burial");
    for (const example of [cremation!, burial!]) {
      // The sections add up to the total: the layout is the legal quote's, nothing hidden.
      expect(example.sections.reduce((sum, s) => sum + s.ttcCents, 0)).toBe(example.totalCents);
      expect(example.onlyMandatory).toBe(true);
      expect(example.isDemo).toBe(true);
      expect(example.vatCents).toBeGreaterThan(0);
    }
    expect(cremation!.sections.map((s) => s.number)).toContain("7B");
    expect(burial!.sections.map((s) => s.number)).toContain("7A");
    expect(cremation!.advancedCents).toBeGreaterThan(0);
  });

  it("is deterministic", () => {
    expect(computePriceExample("burial")).toEqual(computePriceExample("burial"));
  });
});
