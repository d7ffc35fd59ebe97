import { describe, expect, it } from "vitest";
import { priceExamples } from "@/domain/price-examples";
import { sharedVars } from "@/shared/page-state/get-page-state";

describe("sharedVars", () => {
  it("never quotes the rating of demo examples", () => {
    const figures = { rating: 4.6, total: 60, distribution: [0, 0, 4, 14, 42] as [number, number, number, number, number], unpublished: 0 };
    const vars = Object.fromEntries(
      sharedVars({ reviews: { ...figures, scope: "examples", quotable: { rating: 0, total: 0 }, includesDemo: true }, communes: 1, countries: 1 }).map((v) => [v.name, v.value]),
    );
    expect(vars).toMatchObject({ reviews_rating: "0.0", reviews_count: "0" });
  });

  it("shares prices, phone number and counts from one source", () => {
    const figures = { rating: 4.5, total: 70, distribution: [0, 0, 4, 14, 52] as [number, number, number, number, number], unpublished: 0 };
    const vars = Object.fromEntries(
      sharedVars({ reviews: { ...figures, scope: "real", quotable: { rating: 4.6, total: 60 }, includesDemo: false }, communes: 34_879, countries: 231 }).map((v) => [v.name, v.value]),
    );
    expect(vars).toMatchObject({ phone_e164: "+33184604242", reviews_rating: "4.6", reviews_count: "60", communes_count: "34879", countries_count: "231" });
    const [cremation, burial] = priceExamples();
    expect(vars.price_cremation_cents).toBe(String(cremation!.totalCents));
    expect(vars.price_burial_cents).toBe(String(burial!.totalCents));
  });
});
