import { describe, expect, it } from "vitest";
import {
  answersKey,
  draftFromDeal,
  emptyDraft,
  funnelSteps,
  isStepAnswered,
  nextStep,
  normalizeDraft,
  previousStep,
  reachableStep,
  type FunnelDraft,
} from "@/features/funeral-quote/funnel-flow";

function draft(patch: Partial<FunnelDraft> = {}): FunnelDraft {
  return normalizeDraft({ ...emptyDraft(), ...patch });
}

describe("funnelSteps", () => {
  it("asks every question of a death that occurred, without the repatriation country", () => {
    expect(funnelSteps(draft({ answers: { situation: "death-occurred" } }))).toEqual([
      "situation",
      "place",
      "date",
      "disposition",
      "ceremony",
      "resting-place",
      "coffin",
      "options",
      "contact",
    ]);
  });

  it("skips the date when the family is planning ahead", () => {
    expect(funnelSteps(draft({ answers: { situation: "planning-ahead" } }))).not.toContain("date");
  });

  it("branches to the destination country for a repatriation, with no resting place in France", () => {
    const steps = funnelSteps(draft({ answers: { situation: "death-occurred" }, choice: "repatriation" }));
    expect(steps).toContain("destination");
    expect(steps).not.toContain("resting-place");
    expect(steps.indexOf("destination")).toBe(steps.indexOf("disposition") + 1);
  });
});

describe("moving between screens", () => {
  it("goes forward and back through the screens that apply", () => {
    const d = draft({ answers: { situation: "planning-ahead" } });
    expect(nextStep(d, "place")).toBe("disposition");
    expect(previousStep(d, "disposition")).toBe("place");
    expect(previousStep(d, "situation")).toBeNull();
    expect(nextStep(d, "contact")).toBeNull();
  });

  it("never opens a screen past the first unanswered one", () => {
    const d = draft({ answers: { situation: "death-occurred", placeOfDeath: "home", deathCommuneInsee: "69123" } });
    expect(reachableStep(d, "coffin")).toBe("date");
    expect(reachableStep(d, "place")).toBe("place");
    expect(reachableStep(d, null)).toBe("situation");
  });

  it("falls back when the wanted screen no longer applies", () => {
    const d = draft({ answers: { situation: "planning-ahead", deathCommuneInsee: "69123" }, choice: "cremation" });
    expect(reachableStep(d, "date")).toBe("ceremony");
  });
});

describe("isStepAnswered", () => {
  it("needs the commune, and the country for a death abroad", () => {
    expect(isStepAnswered(draft({ answers: { situation: "death-occurred", placeOfDeath: "hospital" } }), "place")).toBe(false);
    expect(isStepAnswered(draft({ answers: { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123" } }), "place")).toBe(true);
    const abroad = draft({ answers: { situation: "death-occurred", placeOfDeath: "abroad", deathCommuneInsee: "69123" } });
    expect(isStepAnswered(abroad, "place")).toBe(false);
    expect(isStepAnswered({ ...abroad, answers: { ...abroad.answers, deathCountry: "MA" } }, "place")).toBe(true);
  });

  it("asks the worship and the place of a religious ceremony, nothing more for none", () => {
    expect(isStepAnswered(draft({ answers: { ceremony: { type: "none" } } }), "ceremony")).toBe(true);
    expect(isStepAnswered(draft({ answers: { ceremony: { type: "religious", place: "other" } } }), "ceremony")).toBe(false);
    expect(isStepAnswered(draft({ answers: { ceremony: { type: "religious", worship: "muslim", place: "other" } } }), "ceremony")).toBe(true);
  });

  it("accepts deciding the ashes later, never the urn at home", () => {
    expect(isStepAnswered(draft({ choice: "cremation", ashesLater: true }), "resting-place")).toBe(true);
    expect(isStepAnswered(draft({ choice: "cremation", answers: { finalRestingPlace: "home-urn" } }), "resting-place")).toBe(false);
    expect(isStepAnswered(draft({ choice: "cremation", answers: { finalRestingPlace: "scattering" } }), "resting-place")).toBe(false);
    expect(isStepAnswered(draft({ choice: "cremation", answers: { finalRestingPlace: "scattering", scatteringPlace: "nature" } }), "resting-place")).toBe(true);
  });

  it("treats every option as optional, but asks the number of days of a parlour stay", () => {
    expect(isStepAnswered(draft(), "options")).toBe(true);
    expect(isStepAnswered({ ...draft(), parlorStay: true }, "options")).toBe(false);
    expect(isStepAnswered(draft({ parlorStay: true, answers: { parlorStayDays: 3 } }), "options")).toBe(true);
  });
});

describe("normalizeDraft", () => {
  it("keeps answers coherent when burial replaces cremation", () => {
    const cremation = draft({
      choice: "cremation",
      answers: { finalRestingPlace: "scattering", scatteringPlace: "memorial-garden", ceremony: { type: "civil", place: "crematorium", crematoriumRoomId: "2" }, crematoriumId: "4" },
    });
    const burial = normalizeDraft({ ...cremation, choice: "burial" });
    expect(burial.answers.disposition).toBe("burial");
    expect(burial.answers.finalRestingPlace).toBeUndefined();
    expect(burial.answers.scatteringPlace).toBeUndefined();
    expect(burial.answers.crematoriumId).toBeUndefined();
    expect(burial.answers.ceremony).toEqual({ type: "civil" });
  });

  it("turns a repatriation into a burial abroad once the country is chosen", () => {
    const d = draft({ choice: "repatriation", destination: { code: "MA", name: "Maroc" }, answers: { finalRestingPlace: "family-grave" } });
    expect(d.answers).toMatchObject({ disposition: "burial", repatriation: { destinationCountry: "MA" } });
    expect(d.answers.finalRestingPlace).toBeUndefined();
    expect(normalizeDraft({ ...d, choice: "cremation" }).answers.repatriation).toBeUndefined();
  });

  it("forgets the place and date of death when planning ahead", () => {
    const d = draft({ answers: { situation: "planning-ahead", placeOfDeath: "abroad", deathCountry: "MA", deathDate: "2026-01-01", deathTime: "10:00" } });
    expect(d.answers).toEqual({ situation: "planning-ahead" });
  });

  it("gives an urn the concession kind its resting place needs", () => {
    expect(draft({ choice: "cremation", answers: { finalRestingPlace: "columbarium" } }).answers.concessionKind).toBe("columbarium");
    expect(draft({ choice: "cremation", answers: { finalRestingPlace: "new-concession" } }).answers.concessionKind).toBe("urn-plot");
  });

  it("removes the days of a stay that was unticked", () => {
    expect(draft({ parlorStay: false, answers: { parlorStayDays: 3 } }).answers.parlorStayDays).toBeUndefined();
  });

  it("changes nothing in a coherent draft", () => {
    const d = draft({ answers: { situation: "death-occurred", placeOfDeath: "home", deathCommuneInsee: "69123", ceremony: { type: "none" } }, choice: "burial" });
    expect(normalizeDraft(d)).toEqual(d);
  });
});

describe("draftFromDeal", () => {
  it("rebuilds the screens from a deal read back from the server", () => {
    const d = draftFromDeal({
      answers: { situation: "death-occurred", disposition: "burial", repatriation: { destinationCountry: "TN" }, parlorStayDays: 2 },
      client: { civility: "Mme", firstname: "Claire", lastname: "Martin", phone: "0612345678", email: "claire@example.org", contact_channel: "sms" },
      defunct: { civility: null, firstname: "Jean", lastname: null },
      commune: { insee_code: "69123", name: "Lyon", postal_code: "69001" },
    });
    expect(d.choice).toBe("repatriation");
    expect(d.parlorStay).toBe(true);
    expect(d.commune).toEqual({ insee: "69123", name: "Lyon", postalCode: "69001" });
    expect(d.destination?.code).toBe("TN");
    expect(d.contact).toMatchObject({ civility: "Mme", email: "claire@example.org", contact_channel: "sms", consent: false });
    expect(d.defunct).toEqual({ civility: "", firstname: "Jean", lastname: "" });
  });
});

describe("answersKey", () => {
  it("does not depend on the order of keys", () => {
    expect(answersKey({ situation: "death-occurred", embalming: true })).toBe(answersKey({ embalming: true, situation: "death-occurred" }));
    expect(answersKey({ embalming: true })).not.toBe(answersKey({ embalming: false }));
  });
});
