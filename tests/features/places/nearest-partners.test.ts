import { describe, expect, it } from "vitest";
import { distanceKm, rankPartners } from "@/features/places/nearest-partners";
import type { PartnerRecord } from "@/server/services/places-page";

function partner(over: Partial<PartnerRecord> & Pick<PartnerRecord, "id" | "name">): PartnerRecord {
  return {
    kind: "funeralParlor",
    address: null,
    postalCode: null,
    city: null,
    phone: null,
    website: null,
    latitude: null,
    longitude: null,
    inCommune: false,
    inDepartment: true,
    demo: false,
    disabled: false,
    ...over,
  };
}

describe("distanceKm", () => {
  it("gives the great-circle distance, and null without coordinates", () => {
    const lyon = { latitude: 45.764, longitude: 4.8357 };
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    expect(distanceKm(lyon, paris)).toBeGreaterThan(385);
    expect(distanceKm(lyon, paris)).toBeLessThan(400);
    expect(distanceKm(lyon, { latitude: null, longitude: 2 })).toBeNull();
  });
});

describe("rankPartners", () => {
  it("puts the commune's own places first, then the département, then the région, when nothing is located", () => {
    const ranked = rankPartners(
      [
        partner({ id: 1, name: "B région", inDepartment: false }),
        partner({ id: 2, name: "A département" }),
        partner({ id: 3, name: "Z commune", inCommune: true }),
      ],
      { latitude: null, longitude: null },
    );
    expect(ranked.funeralParlor.map((p) => [p.name, p.scope])).toEqual([
      ["Z commune", "commune"],
      ["A département", "department"],
      ["B région", "region"],
    ]);
    expect(ranked.crematorium).toEqual([]);
  });

  it("orders by real distance when coordinates exist, and keeps a few per kind", () => {
    const origin = { latitude: 45.0, longitude: 5.0 };
    const ranked = rankPartners(
      [
        partner({ id: 1, name: "Far", latitude: 45.5, longitude: 5.0, kind: "crematorium" }),
        partner({ id: 2, name: "Near", latitude: 45.05, longitude: 5.0, kind: "crematorium" }),
        partner({ id: 3, name: "Unlocated in commune", inCommune: true, kind: "crematorium" }),
      ],
      origin,
      2,
    );
    expect(ranked.crematorium.map((p) => p.name)).toEqual(["Unlocated in commune", "Near"]);
    expect(ranked.crematorium[1]!.distanceKm).toBeCloseTo(5.6, 1);
    expect(ranked.crematorium[0]!.distanceKm).toBeNull();
  });
});
