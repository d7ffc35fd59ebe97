import { describe, expect, it } from "vitest";
import type { QuoteAnswers } from "@/domain/quote/answers";
import { DEMO_CATALOG, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import { computeQuote } from "@/domain/quote/pricing";
import { buildFunnelSteps, parisInstant, quotedPartnerId } from "@/server/services/funeral-quote/funnel-steps";

function steps(answers: QuoteAnswers) {
  return buildFunnelSteps(answers, computeQuote(answers, DEMO_CATALOG, DEMO_PARTNERS));
}

describe("parisInstant", () => {
  it("reads a wall-clock time in France, winter (UTC+1) and summer (UTC+2)", () => {
    expect(parisInstant("2026-01-15", "10:00")!.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(parisInstant("2026-07-15", "10:00")!.toISOString()).toBe("2026-07-15T08:00:00.000Z");
    expect(parisInstant("2026-07-15")!.toISOString()).toBe("2026-07-15T10:00:00.000Z");
    expect(parisInstant("not-a-date")).toBeNull();
  });
});

describe("buildFunnelSteps", () => {
  it("lists what happens for a cremation after a death at hospital, in order", () => {
    const rows = steps({
      situation: "death-occurred",
      placeOfDeath: "hospital",
      deathDate: "2026-03-02",
      deathTime: "08:30",
      disposition: "cremation",
      ceremony: { type: "religious", worship: "catholic", place: "place-of-worship" },
    });
    expect(rows.map((r) => r.stepType)).toEqual(["death", "casketing", "closing", "ceremony", "transport", "cremation"]);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(rows[0]).toMatchObject({ locationType: "Hospital", scheduledAt: new Date("2026-03-02T07:30:00.000Z") });
    expect(rows[2]!.comment).toMatch(/police/);
    expect(rows[3]).toMatchObject({ locationType: "Worship", comment: "Cérémonie religieuse catholique" });
    // The crematorium the quote was priced with.
    expect(rows[5]).toMatchObject({ locationType: "Crematorium" });
  });

  it("moves the body to the parlour first when a stay is chosen, and buries in the chosen graveyard", () => {
    const rows = steps({
      situation: "death-occurred",
      placeOfDeath: "home",
      disposition: "burial",
      finalRestingPlace: "new-concession",
      parlorStayDays: 2,
    });
    expect(rows.map((r) => r.stepType)).toEqual(["death", "transport", "casketing", "closing", "transport", "interment"]);
    expect(rows[0]).toMatchObject({ placeKind: "Home" });
    expect(rows[1]).toMatchObject({ locationType: "FuneralParlor", transport: "car" });
    expect(rows[5]).toMatchObject({ locationType: "Graveyard", comment: "Nouvelle concession" });
  });

  it("ends with the flight for a repatriation, and starts with it for a death abroad", () => {
    const out = steps({ situation: "death-occurred", placeOfDeath: "home", disposition: "burial", repatriation: { destinationCountry: "MA" } });
    expect(out.at(-1)).toMatchObject({ stepType: "repatriation", transport: "plane" });
    expect(out.map((r) => r.stepType)).not.toContain("interment");
    const back = steps({ situation: "death-occurred", placeOfDeath: "abroad", deathCountry: "DZ", disposition: "burial", finalRestingPlace: "family-grave" });
    expect(back[1]).toMatchObject({ stepType: "repatriation", transport: "plane" });
  });

  it("has no death step when the family is planning ahead", () => {
    expect(steps({ situation: "planning-ahead", disposition: "cremation" }).map((r) => r.stepType)).not.toContain("death");
  });
});

describe("quotedPartnerId", () => {
  it("reads the partner a line was priced with", () => {
    const quote = computeQuote({ disposition: "cremation" }, DEMO_CATALOG, {
      ...DEMO_PARTNERS,
      crematoriums: [{ ...DEMO_PARTNERS.crematoriums[0]!, id: "42" }],
    });
    expect(quotedPartnerId(quote, "CREMATORIUM")).toBe(42);
    expect(quotedPartnerId(quote, "GRAVEYARD")).toBeNull();
  });
});
