import { describe, expect, it } from "vitest";
import type { ResolvedCeremony } from "@/server/services/flower-funnel/ceremonies";
import { ceremonyView, parseVariantFile } from "@/server/services/memorial/memorial-views";

const base: ResolvedCeremony = {
  dealId: 1,
  dealUuid: "00000000-0000-4000-8000-000000000001",
  stepId: 2,
  stepType: "ceremony",
  place: "worship",
  locationType: "Worship",
  locationId: 3,
  placeName: "Église Saint-Jean",
  addressLine: "1 place Saint-Jean",
  postalCode: "69005",
  city: "Lyon",
  at: new Date("2026-12-03T13:30:00Z"),
  clock: { date: "2026-12-03", time: "14:30" },
  defunctName: "Jean Martin",
};

describe("the memorial's ceremony", () => {
  it("gives a partner place's address and directions to everyone", () => {
    expect(ceremonyView(base, "visitor")).toEqual({
      step_type: "ceremony",
      date: "2026-12-03",
      time: "14:30",
      starts_at: 1796304600,
      place_name: "Église Saint-Jean",
      address: "1 place Saint-Jean, 69005 Lyon",
      street: "1 place Saint-Jean",
      postal_code: "69005",
      city: "Lyon",
      place: "worship",
      directions_url: "https://www.openstreetmap.org/search?query=1%20place%20Saint-Jean%2C%2069005%20Lyon",
    });
  });

  it("keeps a step's free address (maybe a home) to the family", () => {
    const home: ResolvedCeremony = { ...base, place: "home", locationType: null, locationId: null, placeName: null, addressLine: "12 rue des Lilas, 69003 Lyon", postalCode: null, city: null };
    expect(ceremonyView(home, "family")).toMatchObject({ address: "12 rue des Lilas, 69003 Lyon", place: "home" });
    expect(ceremonyView(home, "visitor")).toMatchObject({ address: null, street: null, postal_code: null, city: null, directions_url: null, place: "home" });
  });

  it("reads a variant's file name strictly", () => {
    expect(parseVariantFile("960.webp")).toEqual({ width: 960, format: "webp" });
    expect(parseVariantFile("480.jpg")).toEqual({ width: 480, format: "jpg" });
    for (const bad of ["960.png", "../960.jpg", "960.jpg.exe", "abc.webp", "9600000.jpg"]) expect(parseVariantFile(bad)).toBeNull();
  });
});
