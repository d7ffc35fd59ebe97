import { describe, expect, it } from "vitest";

import { quoteAnswersSchema, type QuoteAnswers } from "@/domain/quote/answers";
import { DEMO_CATALOG, DEMO_OPERATOR, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import { computeQuote, LINE_CODES, type Quote } from "@/domain/quote/pricing";

function quote(answers: QuoteAnswers, today?: string): Quote {
  return computeQuote(quoteAnswersSchema.parse(answers), DEMO_CATALOG, DEMO_PARTNERS, today === undefined ? {} : { today });
}

function line(q: Quote, code: string) {
  const found = q.lines.find((l) => l.code === code);
  if (found === undefined) throw new Error(`line ${code} missing: ${q.lines.map((l) => l.code).join(", ")}`);
  return found;
}

function codes(q: Quote): string[] {
  return q.lines.map((l) => l.code);
}

function warningCodes(q: Quote): string[] {
  return q.warnings.map((w) => w.code);
}

describe("computeQuote – cremation with a civil ceremony in Lyon", () => {
  const q = quote({
    situation: "death-occurred",
    placeOfDeath: "hospital",
    deathCommuneInsee: "69123",
    deathDate: "2025-09-10",
    deathTime: "14:20",
    disposition: "cremation",
    coffinRange: "essential",
    ceremony: { type: "civil", place: "crematorium", crematoriumRoomId: "salon" },
    finalRestingPlace: "scattering",
    scatteringPlace: "memorial-garden",
  });

  it("prices the legal minimum of a cremation around 3,750 € TTC", () => {
    expect(q.complete).toBe(true);
    expect(q.totals.minimumTtc).toBe(375_026);
    expect(q.totals.minimumTtc).toBeGreaterThanOrEqual(350_000);
    expect(q.totals.minimumTtc).toBeLessThanOrEqual(450_000);
  });

  it("lists coffin, urn, cremation, police supervision and approved vehicle as mandatory", () => {
    expect(line(q, LINE_CODES.coffin)).toMatchObject({ kind: "mandatory", sectionId: "coffin", amountTtcCents: 114_000, reason: "Obligatoire : le cercueil est exigé par la loi" });
    expect(line(q, LINE_CODES.urn)).toMatchObject({ kind: "mandatory", sectionId: "cremation" });
    expect(line(q, LINE_CODES.cremationFee)).toMatchObject({ kind: "mandatory", advanced: true, sectionId: "advanced-costs", vatRate: 0, amountTtcCents: 72_000 });
    expect(line(q, LINE_CODES.policeSupervision)).toMatchObject({ kind: "mandatory", advanced: true, amountTtcCents: 2_500 });
    // Body transport in an approved vehicle is at the reduced rate: 180 € + 14 km × 1.90 € HT.
    expect(line(q, LINE_CODES.transportAfterCoffining)).toMatchObject({ kind: "mandatory", vatRate: 10, amountHtCents: 20_660, vatCents: 2_066, detail: "14 km" });
  });

  it("keeps the ceremony and the scattering optional, the crematorium room as an advanced cost", () => {
    expect(line(q, LINE_CODES.ceremonyMaster)).toMatchObject({ kind: "optional", amountTtcCents: 30_000 });
    expect(line(q, LINE_CODES.crematoriumRoom)).toMatchObject({ kind: "optional", advanced: true, amountTtcCents: 12_000 });
    expect(line(q, LINE_CODES.scattering)).toMatchObject({ kind: "optional", sectionId: "cremation" });
    expect(line(q, LINE_CODES.memorialGardenFee)).toMatchObject({ kind: "optional", advanced: true, amountTtcCents: 6_000 });
    expect(q.totals.optionalTtc).toBe(30_000 + 14_400);
    expect(q.totals.advancedOptionalTtc).toBe(18_000);
    expect(q.totals.totalTtc).toBe(437_426);
  });

  it("shows section 7B only, and prints the cremation notes", () => {
    const applicable = q.sections.filter((s) => s.applicable).map((s) => s.number);
    expect(applicable).toEqual(["1", "2", "3", "4", "5", "6", "7B", "8"]);
    expect(q.notes).toEqual(expect.arrayContaining(["vat", "ashes", "cremation-metals", "funeral-insurance"]));
    expect(q.isDemo).toBe(true);
  });

  it("reminds that the hospital keeps the body free for 3 days and gives the deadlines", () => {
    expect(warningCodes(q)).toContain("hospital_free_days");
    const latest = q.deadlines?.deadlines.find((d) => d.id === "funeral-latest");
    // The whole 14th calendar day after the day of death (R2213-33), not cut at the hour of death.
    expect(latest?.at).toEqual({ date: "2025-09-24" });
  });
});

describe("computeQuote – burial in a new concession", () => {
  const q = quote({
    situation: "death-occurred",
    placeOfDeath: "home",
    disposition: "burial",
    coffinRange: "tradition",
    finalRestingPlace: "new-concession",
    graveyardId: "demo-graveyard-lyon-est",
    concessionKind: "ground",
    concessionTermYears: 30,
  });

  it("makes the concession and the commune's opening of the grave mandatory advanced costs", () => {
    expect(q.complete).toBe(true);
    expect(line(q, LINE_CODES.concession)).toMatchObject({ kind: "mandatory", advanced: true, amountTtcCents: 95_000, detail: "Cimetière de l'Est (démo) – Lyon, 30 ans" });
    expect(line(q, LINE_CODES.graveOpeningFee)).toMatchObject({ kind: "mandatory", advanced: true, amountTtcCents: 38_000 });
    expect(codes(q)).not.toContain(LINE_CODES.graveOpening);
    expect(line(q, LINE_CODES.burialOperation)).toMatchObject({ kind: "mandatory", sectionId: "burial" });
  });

  it("costs between 4,000 and 5,500 € TTC without the concession", () => {
    const withoutConcession = q.totals.totalTtc - line(q, LINE_CODES.concession).amountTtcCents;
    expect(withoutConcession).toBe(437_526);
    expect(q.totals.totalTtc).toBe(532_526);
  });

  it("has no optional line and no cremation section", () => {
    expect(q.totals.optionalTtc).toBe(0);
    expect(q.sections.find((s) => s.id === "cremation")?.applicable).toBe(false);
    expect(q.sections.find((s) => s.id === "burial")?.applicable).toBe(true);
  });

  it("uses the operator's subcontracted gravedigger where the commune does not dig", () => {
    const other = quote({ disposition: "burial", coffinRange: "essential", finalRestingPlace: "new-concession", graveyardId: "demo-graveyard-lyon", concessionTermYears: 15 });
    expect(line(other, LINE_CODES.graveOpening)).toMatchObject({ kind: "mandatory", subcontracted: true, vatRate: 20, label: "Creusement et comblement de la fosse" });
    expect(line(other, LINE_CODES.concession).amountTtcCents).toBe(45_000);
    expect(other.notes).toContain("subcontracting");
  });

  it("blocks the quote when the graveyard does not offer the chosen term", () => {
    const other = quote({ disposition: "burial", finalRestingPlace: "new-concession", concessionTermYears: 99 });
    expect(other.complete).toBe(false);
    expect(warningCodes(other)).toContain("concession_not_offered");
  });

  it("asks for a grave when none is chosen", () => {
    const other = quote({ disposition: "burial", finalRestingPlace: "scattering" });
    expect(other.complete).toBe(false);
    expect(warningCodes(other)).toContain("grave_choice_missing");
  });
});

describe("computeQuote – repatriation to Morocco", () => {
  const q = quote({
    situation: "death-occurred",
    placeOfDeath: "home",
    deathCommuneInsee: "69123",
    disposition: "burial",
    coffinRange: "essential",
    repatriation: { destinationCountry: "ma" },
  });

  it("adds the hermetic case, formalities and air freight as mandatory", () => {
    expect(q.complete).toBe(true);
    expect(line(q, LINE_CODES.hermeticCase)).toMatchObject({ kind: "mandatory", sectionId: "coffin", amountTtcCents: 66_000 });
    expect(line(q, LINE_CODES.repatriationFormalities)).toMatchObject({ kind: "mandatory", detail: "Vers : Maroc" });
    // International air transport is VAT-exempt and done by an IATA forwarder (subcontracted).
    expect(line(q, LINE_CODES.airFreight)).toMatchObject({ kind: "mandatory", vatRate: 0, subcontracted: true, amountTtcCents: 160_000 });
    expect(line(q, LINE_CODES.transportAfterCoffining)).toMatchObject({ detail: "27 km" });
    expect(line(q, LINE_CODES.policeSupervision).kind).toBe("mandatory");
  });

  it("does not price the burial abroad and says so", () => {
    expect(codes(q)).not.toContain(LINE_CODES.burialOperation);
    expect(q.sections.find((s) => s.id === "burial")?.applicable).toBe(false);
    expect(warningCodes(q)).toEqual(expect.arrayContaining(["burial_abroad_not_included", "repatriation_requirements"]));
    expect(q.totals.totalTtc).toBe(576_743);
  });

  it("blocks when no rate exists for the destination", () => {
    const other = quote({ disposition: "burial", repatriation: { destinationCountry: "JP" } });
    expect(other.complete).toBe(false);
    expect(warningCodes(other)).toContain("repatriation_rate_missing");
  });

  it("ships the urn when the cremation takes place in France", () => {
    const other = quote({ disposition: "cremation", repatriation: { destinationCountry: "DZ" } });
    expect(line(other, LINE_CODES.urnShipping)).toMatchObject({ kind: "mandatory", sectionId: "cremation" });
    expect(codes(other)).not.toContain(LINE_CODES.airFreight);
    expect(warningCodes(other)).toContain("repatriation_country_note");
  });
});

describe("computeQuote – death abroad", () => {
  const q = quote({
    situation: "death-occurred",
    placeOfDeath: "abroad",
    deathCountry: "PT",
    deathDate: "2025-05-10",
    arrivalInFranceDate: "2025-05-20",
    arrivalInFranceTime: "08:30",
    disposition: "burial",
    finalRestingPlace: "family-grave",
  });

  it("prices the return to France, with coffining done by our correspondent abroad", () => {
    expect(q.complete).toBe(true);
    expect(line(q, LINE_CODES.returnAirFreight)).toMatchObject({ kind: "mandatory", vatRate: 0, subcontracted: true });
    expect(line(q, LINE_CODES.returnConsularFee)).toMatchObject({ kind: "mandatory", advanced: true, amountTtcCents: 3_000 });
    expect(line(q, LINE_CODES.coffin).subcontracted).toBe(true);
    expect(line(q, LINE_CODES.coffining).subcontracted).toBe(true);
    expect(line(q, LINE_CODES.hermeticCase).kind).toBe("mandatory");
    expect(codes(q)).not.toContain(LINE_CODES.transportBeforeCoffining);
    expect(codes(q)).not.toContain(LINE_CODES.policeSupervision);
  });

  it("starts the 14-day clock when the body enters France", () => {
    const latest = q.deadlines?.deadlines.find((d) => d.id === "funeral-latest");
    expect(latest).toMatchObject({ startsFrom: "arrival-in-france", at: { date: "2025-06-03" } });
    expect(latest?.at.time).toBeUndefined();
  });

  it("asks for the country of death", () => {
    const other = quote({ placeOfDeath: "abroad", disposition: "cremation" });
    expect(warningCodes(other)).toContain("death_country_missing");
    expect(other.complete).toBe(false);
  });
});

describe("computeQuote – situations and safeguards", () => {
  it("makes the transfer mandatory after a death in a public place, optional otherwise", () => {
    const publicPlace = quote({ placeOfDeath: "public-place", disposition: "cremation" });
    expect(line(publicPlace, LINE_CODES.transportBeforeCoffining).kind).toBe("mandatory");
    const home = quote({ placeOfDeath: "home", disposition: "cremation", parlorStayDays: 2 });
    expect(line(home, LINE_CODES.transportBeforeCoffining).kind).toBe("optional");
    expect(line(home, LINE_CODES.parlorStay)).toMatchObject({ kind: "optional", quantity: 2, amountTtcCents: 21_600, reason: "Optionnel : le séjour en chambre funéraire n'est jamais obligatoire" });
    expect(codes(quote({ placeOfDeath: "home", disposition: "cremation" }))).not.toContain(LINE_CODES.transportBeforeCoffining);
  });

  it("never makes embalming or press notices mandatory", () => {
    const q = quote({ disposition: "burial", finalRestingPlace: "family-grave", embalming: true, pressNotice: true, onlineNotice: true });
    expect(line(q, LINE_CODES.embalming)).toMatchObject({ kind: "optional", reason: "Optionnel : les soins de conservation ne sont jamais obligatoires" });
    expect(line(q, LINE_CODES.pressNotice)).toMatchObject({ kind: "optional", advanced: true });
    expect(line(q, LINE_CODES.onlineNotice).kind).toBe("optional");
  });

  it("explains that keeping the urn at home is not allowed", () => {
    const q = quote({ disposition: "cremation", finalRestingPlace: "home-urn" });
    const warning = q.warnings.find((w) => w.code === "home_urn_not_allowed");
    expect(warning?.message).toContain("La loi ne permet pas de garder l'urne à la maison");
    expect(codes(q)).not.toContain(LINE_CODES.urnPlacement);
  });

  it("uses the child's band of the crematorium when the age is given", () => {
    expect(line(quote({ disposition: "cremation", deceasedAgeYears: 5 }), LINE_CODES.cremationFee).amountTtcCents).toBe(35_000);
    expect(line(quote({ disposition: "cremation" }), LINE_CODES.cremationFee).amountTtcCents).toBe(72_000);
  });

  it("reports what is missing instead of failing on a half-filled funnel", () => {
    const q = quote({});
    expect(q.complete).toBe(false);
    expect(warningCodes(q)).toEqual(expect.arrayContaining(["disposition_missing", "coffin_range_defaulted"]));
    expect(line(q, LINE_CODES.coffin).kind).toBe("mandatory");
    expect(q.deadlines).toBeNull();
  });

  it("gives no deadlines when planning ahead, and flags a death date in the future", () => {
    expect(quote({ situation: "planning-ahead", deathDate: "2025-01-10", disposition: "burial" }).deadlines).toBeNull();
    expect(warningCodes(quote({ deathDate: "2026-03-01" }, "2026-02-01"))).toContain("death_date_in_future");
  });

  it("falls back to an estimated distance and says so", () => {
    const q = computeQuote({ disposition: "cremation" }, DEMO_CATALOG, { ...DEMO_PARTNERS, distances: {} }, { defaultDistanceKm: 20 });
    expect(line(q, LINE_CODES.transportAfterCoffining).detail).toBe("20 km");
    expect(warningCodes(q)).toContain("distance_estimated");
  });

  it("carries the operator identity for the PDF", () => {
    const q = computeQuote({ disposition: "cremation" }, DEMO_CATALOG, DEMO_PARTNERS, { operator: DEMO_OPERATOR });
    expect(q.operator?.habilitationNumber).toBe("DÉMO-00-0000");
  });

  it("adds the worship offering for a religious ceremony at a place of worship", () => {
    const q = quote({ disposition: "burial", finalRestingPlace: "family-grave", ceremony: { type: "religious", worship: "catholic", place: "place-of-worship" } });
    expect(line(q, LINE_CODES.worshipFee)).toMatchObject({ kind: "optional", advanced: true, amountTtcCents: 20_000 });
    expect(line(q, LINE_CODES.ceremonyDetour)).toMatchObject({ kind: "optional", sectionId: "transport-after-coffining", vatRate: 10 });
  });
});
