import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { communeSlug, countrySlug, departmentSlug, parsePlaceSlug, slugify } from "@/domain/slug";

describe("communeSlug", () => {
  it("joins the readable name and the INSEE code", () => {
    expect(communeSlug("Lyon", "69123")).toBe("lyon-69123");
    expect(communeSlug("Saint-Étienne", "42218")).toBe("saint-etienne-42218");
    expect(communeSlug("L'Haÿ-les-Roses", "94038")).toBe("l-hay-les-roses-94038");
    expect(communeSlug("Œuilly", "02566")).toBe("oeuilly-02566");
    expect(communeSlug("Ajaccio", "2A004")).toBe("ajaccio-2a004");
  });

  it("is stable: the same commune always gets the same address", () => {
    expect(communeSlug("Marseille", "13055")).toBe(communeSlug("Marseille", "13055"));
    // Pinned values: changing them would break every indexed URL.
    expect(communeSlug("Évry-Courcouronnes", "91228")).toBe("evry-courcouronnes-91228");
    expect(communeSlug("Saint-Denis", "93066")).toBe("saint-denis-93066");
    expect(communeSlug("Saint-Denis", "97411")).toBe("saint-denis-97411");
  });

  it("rejects something that is not an INSEE code", () => {
    expect(() => communeSlug("Lyon", "6912")).toThrow(RangeError);
    expect(() => communeSlug("Lyon", "lyon")).toThrow(RangeError);
  });
});

describe("departmentSlug and countrySlug", () => {
  it("builds readable segments", () => {
    expect(departmentSlug("Rhône", "69")).toBe("rhone-69");
    expect(departmentSlug("Corse-du-Sud", "2A")).toBe("corse-du-sud-2a");
    expect(departmentSlug("La Réunion", "974")).toBe("la-reunion-974");
    expect(countrySlug("Maroc")).toBe("maroc");
    expect(countrySlug("Algérie")).toBe("algerie");
    expect(countrySlug("Côte d'Ivoire")).toBe("cote-d-ivoire");
  });
});

describe("parsePlaceSlug", () => {
  it("reads a commune and a département", () => {
    expect(parsePlaceSlug("lyon-69123")).toEqual({ kind: "commune", inseeCode: "69123", nameSlug: "lyon" });
    expect(parsePlaceSlug("ajaccio-2a004")).toEqual({ kind: "commune", inseeCode: "2A004", nameSlug: "ajaccio" });
    expect(parsePlaceSlug("rhone-69")).toEqual({ kind: "department", code: "69", nameSlug: "rhone" });
    expect(parsePlaceSlug("haute-corse-2b")).toEqual({ kind: "department", code: "2B", nameSlug: "haute-corse" });
    expect(parsePlaceSlug("la-reunion-974")).toEqual({ kind: "department", code: "974", nameSlug: "la-reunion" });
  });

  it("accepts upper case and percent-encoding typed by hand", () => {
    expect(parsePlaceSlug("Lyon-69123")).toEqual({ kind: "commune", inseeCode: "69123", nameSlug: "lyon" });
    expect(parsePlaceSlug("lyon%2D69123")).toEqual({ kind: "commune", inseeCode: "69123", nameSlug: "lyon" });
  });

  it("refuses anything else instead of guessing", () => {
    for (const bad of ["", "lyon", "69123", "-69123", "lyon-6912", "lyon-691234", "lyon--69123", "lyon_69123", "lyon-69123-", "%E0%A4%A", "a".repeat(300) + "-69123", "rhone-99x"]) {
      expect(parsePlaceSlug(bad), bad).toBeNull();
    }
  });

  it("round-trips every commune and département slug", () => {
    const insee = fc.oneof(
      fc.stringMatching(/^\d{5}$/),
      fc.stringMatching(/^2[AB]\d{3}$/),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 60 }), insee, (name, code) => {
        const parsed = parsePlaceSlug(communeSlug(name, code));
        expect(parsed).toEqual({ kind: "commune", inseeCode: code.toUpperCase(), nameSlug: slugify(name) || "commune" });
      }),
    );
    const department = fc.oneof(fc.stringMatching(/^\d{2}$/), fc.constantFrom("2A", "2B", "971", "974", "976"));
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), department, (name, code) => {
        const parsed = parsePlaceSlug(departmentSlug(name, code));
        expect(parsed).toEqual({ kind: "department", code, nameSlug: slugify(name) || "departement" });
      }),
    );
  });
});
