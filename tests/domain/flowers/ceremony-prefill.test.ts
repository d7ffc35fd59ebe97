import { describe, expect, it } from "vitest";
import { flowersForCeremonyPath, readCeremonyPrefill } from "@/domain/flowers/ceremony-prefill";

describe("flowers pre-filled from a memorial's ceremony", () => {
  it("round-trips the ceremony's place, address, date and time through the link", () => {
    const path = flowersForCeremonyPath({ place: "worship", place_name: "Église Saint-Nizier", recipient_name: "Famille Martin", address: "Place Saint-Nizier", postal_code: "69002", city: "Lyon", date: "2026-12-03", time: "14:30" });
    expect(path.startsWith("/fleurs-obseques?")).toBe(true);
    expect(readCeremonyPrefill(path.slice(path.indexOf("?")))).toEqual({
      place: "worship",
      place_name: "Église Saint-Nizier",
      recipient_name: "Famille Martin",
      address: "Place Saint-Nizier",
      postal_code: "69002",
      city: "Lyon",
      date: "2026-12-03",
      time: "14:30",
    });
  });

  it("keeps only what is valid from a hand-edited link", () => {
    const prefill = readCeremonyPrefill("?lieu=moon&code_postal=6900&date=demain&heure=2pm&ville=" + "x".repeat(500));
    expect(prefill).toMatchObject({ place: null, postal_code: "", date: "", time: "" });
    expect(prefill?.city).toHaveLength(100);
  });

  it("pre-fills nothing from a link without the ceremony", () => {
    expect(readCeremonyPrefill("")).toBeNull();
    expect(readCeremonyPrefill("?deal=abc&lieu=moon")).toBeNull();
    expect(flowersForCeremonyPath({})).toBe("/fleurs-obseques");
  });
});
