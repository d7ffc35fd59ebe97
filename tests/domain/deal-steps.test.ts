import { describe, expect, it } from "vitest";
import {
  assertDealStepType,
  DEAL_STEP_TYPES,
  isSentToPartner,
  PARTNER_DEAL_STEP_TYPES,
  UnknownDealStepTypeError,
} from "@/domain/deal-steps";

describe("deal step types", () => {
  it("accepts every type of the wider set", () => {
    for (const type of DEAL_STEP_TYPES) expect(assertDealStepType(type)).toBe(type);
    expect(DEAL_STEP_TYPES).toHaveLength(13);
  });

  it("raises an error with a code for an unknown type", () => {
    for (const value of ["burial", "", "CREMATION", null, 3, undefined]) {
      expect(() => assertDealStepType(value)).toThrow(UnknownDealStepTypeError);
    }
    try {
      assertDealStepType("burial");
    } catch (error) {
      expect((error as UnknownDealStepTypeError).code).toBe("deal_step__step_type__unknown");
    }
  });

  it("sends partner steps to partners, except transport", () => {
    expect(PARTNER_DEAL_STEP_TYPES).toContain("transport");
    expect(isSentToPartner("cremation")).toBe(true);
    expect(isSentToPartner("transport")).toBe(false);
    expect(isSentToPartner("dispersion")).toBe(false);
    expect(() => isSentToPartner("teleportation")).toThrow(UnknownDealStepTypeError);
  });
});
