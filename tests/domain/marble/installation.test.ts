import { describe, expect, it } from "vitest";
import { earliestInstallationDate, SETTLING_MONTHS } from "@/domain/marble/installation";

describe("earliestInstallationDate", () => {
  const today = "2026-11-25";

  it("is the workshop's delay from today without a recent burial", () => {
    expect(earliestInstallationDate({ today, leadTimeDays: 40, burialDate: null, concessionKind: "ground" })).toBe("2027-01-04");
    expect(earliestInstallationDate({ today, leadTimeDays: null, burialDate: null, concessionKind: null })).toBeNull();
  });

  it(`waits ${SETTLING_MONTHS} months after a burial in the ground, or in a plot of unknown kind`, () => {
    expect(earliestInstallationDate({ today, leadTimeDays: 40, burialDate: "2026-10-31", concessionKind: "ground" })).toBe("2027-04-30");
    expect(earliestInstallationDate({ today, leadTimeDays: 40, burialDate: "2026-10-31", concessionKind: null })).toBe("2027-04-30");
    // Long settled: the delay decides.
    expect(earliestInstallationDate({ today, leadTimeDays: 40, burialDate: "2025-01-10", concessionKind: "ground" })).toBe("2027-01-04");
  });

  it("does not wait over a vault, a columbarium niche or an urn grave", () => {
    for (const kind of ["vault", "columbarium", "urn_grave"]) {
      expect(earliestInstallationDate({ today, leadTimeDays: 40, burialDate: "2026-11-20", concessionKind: kind }), kind).toBe("2027-01-04");
    }
  });
});
