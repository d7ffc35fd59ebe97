import { describe, expect, it } from "vitest";
import { priceExamples } from "@/domain/price-examples";
import { sharedVars } from "@/shared/page-state/get-page-state";

describe("sharedVars", () => {
  it("shares prices, phone number and counts from one source", () => {
    const vars = Object.fromEntries(
      sharedVars({ reviews: { rating: 4.6, total: 60, distribution: [0, 0, 4, 14, 42], includesDemo: true, unpublished: 0 }, communes: 34_879, countries: 231 }).map((v) => [v.name, v.value]),
    );
    expect(vars).toMatchObject({ phone_e164: "+33184604242", reviews_rating: "4.6", reviews_count: "60", communes_count: "34879", countries_count: "231" });
    const [cremation, burial] = priceExamples();
    expect(vars.price_cremation_cents).toBe(String(cremation!.totalCents));
    expect(vars.price_burial_cents).toBe(String(burial!.totalCents));
  });
});
