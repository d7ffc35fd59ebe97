import { describe, expect, it } from "vitest";
import { buildCommuneView, buildDepartmentView, communeOfferRange, DEADLINES } from "@/features/places/commune-view";
import type { CommunePageData, PartnerRecord } from "@/server/services/places-page";

const lyon: CommunePageData["commune"] = {
  id: 1,
  name: "Lyon",
  slug: "lyon-69123",
  inseeCode: "69123",
  postalCode: "69001",
  postalCodes: ["69001", "69002"],
  population: 519_127,
  latitude: null,
  longitude: null,
  address: null,
  phone: null,
  email: null,
  website: null,
  departmentCode: "69",
  departmentName: "Rhône",
  regionCode: "84",
  regionName: "Auvergne-Rhône-Alpes",
};

function partner(over: Partial<PartnerRecord> & Pick<PartnerRecord, "id" | "name" | "kind">): PartnerRecord {
  return { address: "1 rue X", postalCode: "69008", city: "Lyon", phone: null, website: null, latitude: null, longitude: null, inCommune: true, inDepartment: true, demo: true, disabled: false, ...over };
}

const data: CommunePageData = {
  commune: lyon,
  partners: [partner({ id: 7, name: "Crématorium de Lyon (démo)", kind: "crematorium" }), partner({ id: 9, name: "Cimetière (démo)", kind: "graveyard", disabled: true })],
  prices: {
    parlorStays: [],
    cremations: [{ crematoriumId: 7, minAge: 13, maxAge: null, priceCents: 60_000, reducedPriceCents: null, reducedForCommune: false }],
    concessions: [{ graveyardId: 9, kind: "ground", label: "Pleine terre, 15 ans", termYears: 15, priceCents: 30_000 }],
  },
  neighbours: [{ name: "Villeurbanne", inseeCode: "69266", population: 163_684 }],
};

describe("buildCommuneView", () => {
  it("gives the commune its stable address, its département link and links to its neighbours", () => {
    const view = buildCommuneView(data);
    expect(view.slug).toBe("lyon-69123");
    expect(view.path).toBe("/pompes-funebres/lyon-69123");
    expect(view.postalCode).toBe("69001");
    expect(view.department).toEqual({ name: "Rhône", code: "69", href: "/pompes-funebres/rhone-69" });
    expect(view.neighbours).toEqual([{ name: "Villeurbanne", href: "/pompes-funebres/villeurbanne-69266" }]);
  });

  it("flags demonstration and unpublished partners so the page can say so", () => {
    const view = buildCommuneView(data);
    expect(view.hasDemo).toBe(true);
    expect(view.hasUnpublished).toBe(true);
    expect(view.partners.graveyard[0]!.disabled).toBe(true);
  });

  it("exposes the local prices as page variables, in cents", () => {
    const view = buildCommuneView(data);
    const vars = Object.fromEntries(view.vars.map((v) => [v.name, v.value]));
    expect(vars.commune).toBe("Lyon");
    expect(Number(vars.price_local_cremation_cents)).toBe(view.estimate.cremation.minimumCents);
  });

  it("repeats the legal deadlines of DOMAIN.md", () => {
    expect(DEADLINES).toMatchObject({ declarationHours: 24, earliestHours: 24, latestDays: 14, extensionDays: 21, hospitalFreeDays: 3 });
  });
});

describe("communeOfferRange", () => {
  it("offers only complete estimates: a price missing the plot fee is not a price", () => {
    const view = buildCommuneView(data);
    // The graveyard is unpublished, so only the cremation estimate is complete.
    expect(view.estimate.burial.complete).toBe(false);
    expect(communeOfferRange(view)).toEqual({ lowCents: view.estimate.cremation.minimumCents, highCents: view.estimate.cremation.minimumCents, count: 1 });
    const none = buildCommuneView({ ...data, partners: [], prices: { parlorStays: [], cremations: [], concessions: [] } });
    expect(communeOfferRange(none)).toBeNull();
  });
});

describe("buildDepartmentView", () => {
  it("links every commune of the département", () => {
    const view = buildDepartmentView({
      department: { code: "2A", name: "Corse-du-Sud", regionCode: "94", regionName: "Corse" },
      communes: [{ name: "Ajaccio", inseeCode: "2A004", population: 70_000 }],
      partners: [],
    });
    expect(view.path).toBe("/pompes-funebres/corse-du-sud-2a");
    expect(view.communes).toEqual([{ name: "Ajaccio", href: "/pompes-funebres/ajaccio-2a004", population: 70_000 }]);
    expect(view.hasDemo).toBe(false);
  });
});
