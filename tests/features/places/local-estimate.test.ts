import { describe, expect, it } from "vitest";
import { computeLocalEstimate, localQuotePartners } from "@/features/places/local-estimate";
import type { RankedPartner } from "@/features/places/nearest-partners";
import type { LocalPrices } from "@/server/services/places-page";

function ranked(over: Partial<RankedPartner> & Pick<RankedPartner, "id" | "name" | "kind">): RankedPartner {
  return {
    address: null,
    postalCode: null,
    city: null,
    phone: null,
    website: null,
    latitude: null,
    longitude: null,
    inCommune: true,
    inDepartment: true,
    demo: true,
    disabled: false,
    scope: "commune",
    distanceKm: null,
    ...over,
  };
}

const crematorium = ranked({ id: 7, name: "Crématorium (démo)", kind: "crematorium" });
const graveyard = ranked({ id: 9, name: "Cimetière (démo)", kind: "graveyard" });
const prices: LocalPrices = {
  parlorStays: [],
  cremations: [
    { crematoriumId: 7, minAge: 0, maxAge: 12, priceCents: 20_000, reducedPriceCents: 15_000, reducedForCommune: true },
    { crematoriumId: 7, minAge: 13, maxAge: null, priceCents: 60_000, reducedPriceCents: 50_000, reducedForCommune: true },
  ],
  concessions: [
    { graveyardId: 9, kind: "ground", label: "Pleine terre, 15 ans", termYears: 15, priceCents: 30_000 },
    { graveyardId: 9, kind: "urn_grave", label: "Cavurne, 15 ans", termYears: 15, priceCents: 40_000 },
    { graveyardId: 9, kind: "sole", label: "Semelle", termYears: 15, priceCents: 1_000 },
  ],
};
const commune = { inseeCode: "69123", name: "Lyon" };

describe("localQuotePartners", () => {
  it("gives the engine the residents' reduced cremation rate and the plot kinds it knows", () => {
    const partners = localQuotePartners("69123", "Lyon", { funeralParlor: [], crematorium: [crematorium], graveyard: [graveyard] }, prices);
    expect(partners.crematoriums[0]!.ageRanges.map((r) => r.priceCents)).toEqual([15_000, 50_000]);
    expect(partners.graveyards[0]!.concessions.map((c) => c.kind)).toEqual(["ground", "urn-plot"]);
    expect(partners.isDemo).toBe(true);
  });
});

describe("computeLocalEstimate", () => {
  it("prices both funerals with the local partners and says which rate was used", () => {
    const estimate = computeLocalEstimate(commune, { funeralParlor: [], crematorium: [crematorium], graveyard: [graveyard] }, prices);
    expect(estimate.cremation.complete).toBe(true);
    expect(estimate.cremation.partnerName).toBe("Crématorium (démo)");
    expect(estimate.cremation.residentRate).toBe(true);
    expect(estimate.burial.complete).toBe(true);
    expect(estimate.burial.partnerName).toBe("Cimetière (démo)");
    expect(estimate.isDemo).toBe(true);
    // A dearer crematorium fee moves the cremation price by exactly the difference (a cost passed on at cost).
    const dearer = computeLocalEstimate(
      commune,
      { funeralParlor: [], crematorium: [crematorium], graveyard: [graveyard] },
      { ...prices, cremations: prices.cremations.map((c) => ({ ...c, reducedForCommune: false })) },
    );
    expect(dearer.cremation.minimumCents - estimate.cremation.minimumCents).toBe(10_000);
    expect(dearer.cremation.residentRate).toBe(false);
  });

  it("says a price is incomplete instead of borrowing another town's when no local partner prices it", () => {
    const estimate = computeLocalEstimate(commune, { funeralParlor: [], crematorium: [], graveyard: [] }, { parlorStays: [], cremations: [], concessions: [] });
    expect(estimate.cremation.complete).toBe(false);
    expect(estimate.cremation.partnerName).toBeNull();
    expect(estimate.burial.complete).toBe(false);
    expect(estimate.cremation.minimumCents).toBeGreaterThan(0);
  });

  it("skips an unpublished crematorium shown in preview", () => {
    const hidden = ranked({ id: 8, name: "Masqué", kind: "crematorium", disabled: true });
    const estimate = computeLocalEstimate(
      commune,
      { funeralParlor: [], crematorium: [hidden, crematorium], graveyard: [] },
      { ...prices, cremations: [...prices.cremations, { crematoriumId: 8, minAge: 0, maxAge: null, priceCents: 1, reducedPriceCents: null, reducedForCommune: false }] },
    );
    expect(estimate.cremation.partnerName).toBe("Crématorium (démo)");
  });
});
