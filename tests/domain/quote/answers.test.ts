import { describe, expect, it } from "vitest";

import { quoteAnswersSchema, withoutOptionalServices } from "@/domain/quote/answers";

describe("quoteAnswersSchema", () => {
  it("accepts an empty funnel and a complete one", () => {
    expect(quoteAnswersSchema.safeParse({}).success).toBe(true);
    const full = quoteAnswersSchema.parse({
      situation: "death-occurred",
      placeOfDeath: "hospital",
      deathCommuneInsee: "2a004",
      deathDate: "2025-09-10",
      deathTime: "14:20",
      disposition: "cremation",
      ceremony: { type: "religious", worship: "protestant", place: "place-of-worship" },
      finalRestingPlace: "columbarium",
      concessionTermYears: 15,
      coffinRange: "tradition",
      embalming: false,
      parlorStayDays: 2,
      flowers: "wreath",
      pressNotice: true,
      onlineNotice: true,
      memorialPage: true,
      repatriation: { destinationCountry: "sn" },
    });
    expect(full.deathCommuneInsee).toBe("2A004");
    expect(full.repatriation?.destinationCountry).toBe("SN");
  });

  it("rejects invalid choices with a code", () => {
    const issues = (input: unknown) => quoteAnswersSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ deathCommuneInsee: "6912" })).toContain("insee_code__invalid");
    expect(issues({ deathDate: "2025-02-30" })).toContain("date__invalid");
    expect(issues({ deathDate: "2025-02-10", deathTime: "24:00" })).toContain("time__invalid");
    expect(issues({ deathTime: "10:00" })).toContain("death_time__without_date");
    expect(issues({ repatriation: { destinationCountry: "FR" } })).toContain("repatriation__destination_is_france");
    expect(issues({ deathDate: "2025-02-10", arrivalInFranceDate: "2025-02-01" })).toContain("arrival_in_france__before_death");
    expect(quoteAnswersSchema.safeParse({ disposition: "sea" }).success).toBe(false);
    expect(quoteAnswersSchema.safeParse({ parlorStayDays: 40 }).success).toBe(false);
    expect(quoteAnswersSchema.safeParse({ parlorStayDays: 1.5 }).success).toBe(false);
    expect(quoteAnswersSchema.safeParse({ graveyardId: "x".repeat(65) }).success).toBe(false);
  });

  it("drops unknown keys rather than passing them on", () => {
    expect(quoteAnswersSchema.parse({ disposition: "burial", causeOfDeath: "never stored" })).toEqual({ disposition: "burial" });
  });
});

describe("withoutOptionalServices", () => {
  it("removes every optional service but keeps the mandatory choices", () => {
    const stripped = withoutOptionalServices({
      disposition: "burial",
      finalRestingPlace: "new-concession",
      concessionTermYears: 30,
      coffinRange: "prestige",
      embalming: true,
      parlorStayDays: 3,
      ceremony: { type: "civil" },
      flowers: "spray",
      pressNotice: true,
    });
    expect(stripped).toEqual({ disposition: "burial", finalRestingPlace: "new-concession", concessionTermYears: 30, coffinRange: "prestige" });
  });

  it("leaves the destination of the ashes open after a cremation", () => {
    expect(withoutOptionalServices({ disposition: "cremation", finalRestingPlace: "columbarium", concessionTermYears: 15 })).toEqual({ disposition: "cremation" });
  });
});
