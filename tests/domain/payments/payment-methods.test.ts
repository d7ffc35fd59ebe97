import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countryRefusal, instalmentSchedule, INSTALMENT_PLANS, methodsFor, parsePlanKey, planKey, sandboxEligiblePlans } from "@/domain/payments/payment-methods";

describe("payment methods", () => {
  it("offers the card only in the SPEC §9 countries, and nothing without a country code (SPEC §5)", () => {
    for (const code of ["fr", "gf", "gp", "mq", "yt", "re", "es", "pt", "de", "it", "be", "nl", "lu", "at", "ie", "FR"]) expect(methodsFor(code)).toEqual(["card", "instalments", "bank_transfer"]);
    expect(methodsFor("gb")).toEqual(["instalments", "bank_transfer"]);
    expect(methodsFor("ch")).toEqual(["instalments", "bank_transfer"]);
    expect(methodsFor(null)).toEqual([]);
    expect(countryRefusal("card", "")).toBe("payer__country_code__blank");
    expect(countryRefusal("bank_transfer", undefined)).toBe("payer__country_code__blank");
    expect(countryRefusal("card", "france")).toBe("payer__country_code__invalid");
    expect(countryRefusal("card", "us")).toBe("payment__card__country_not_allowed");
  });

  it("splits an amount into instalments that add up to it, to the cent, on monthly dates", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(...INSTALMENT_PLANS), (amount, plan) => {
        const schedule = instalmentSchedule(amount, plan, "2026-01-31");
        expect(schedule.reduce((sum, i) => sum + i.amountCents, 0)).toBe(amount);
        expect(schedule).toHaveLength(plan.installments);
        for (const part of schedule) expect(Number.isInteger(part.amountCents)).toBe(true);
      }),
    );
    expect(instalmentSchedule(10_000, { installments: 3, deferredDays: 0 }, "2026-01-31")).toEqual([
      { dueDate: "2026-01-31", amountCents: 3_334, feeCents: 0 },
      { dueDate: "2026-02-28", amountCents: 3_333, feeCents: 0 },
      { dueDate: "2026-03-31", amountCents: 3_333, feeCents: 0 },
    ]);
    expect(instalmentSchedule(10_000, { installments: 1, deferredDays: 30 }, "2026-01-31")).toEqual([{ dueDate: "2026-03-02", amountCents: 10_000, feeCents: 0 }]);
  });

  it("says which plans an amount is eligible to", () => {
    expect(sandboxEligiblePlans(4_999, "2026-01-01").every((p) => !p.eligible && p.schedule.length === 0)).toBe(true);
    expect(sandboxEligiblePlans(120_000, "2026-01-01").every((p) => p.eligible)).toBe(true);
    expect(sandboxEligiblePlans(1_000_001, "2026-01-01").some((p) => p.eligible)).toBe(false);
    for (const plan of INSTALMENT_PLANS) expect(parsePlanKey(planKey(plan))).toEqual(plan);
    expect(parsePlanKey("p12x")).toBeNull();
  });
});
