import { describe, expect, it } from "vitest";

import { DEMO_OPERATOR } from "@/domain/quote/demo-catalog";
import {
  LEGAL_NOTES,
  LEGAL_SECTIONS,
  LEGAL_SECTION_INDEX,
  legalSection,
  notesFor,
  operatorIdentitySchema,
  subcontractingNote,
} from "@/domain/quote/legal-model";

describe("legal quote model (arrêté of 11 February 2025)", () => {
  it("lists the nine sections in the legal order with their French titles", () => {
    expect(LEGAL_SECTIONS.map((s) => [s.number, s.title])).toEqual([
      ["1", "Préparation, organisation des obsèques"],
      ["2", "Transport du défunt avant mise en bière (sans cercueil)"],
      ["3", "Cercueil et accessoires"],
      ["4", "Mise en bière et fermeture du cercueil"],
      ["5", "Transport du défunt après mise en bière"],
      ["6", "Cérémonie funéraire"],
      ["7A", "Inhumation"],
      ["7B", "Crémation"],
      ["8", "Frais avancés pour le compte de la personne ayant qualité pour pourvoir aux funérailles"],
    ]);
    LEGAL_SECTIONS.forEach((section, index) => {
      expect(LEGAL_SECTION_INDEX[section.id]).toBe(index);
      expect(legalSection(section.id)).toBe(section);
    });
  });

  it("carries the mandatory explanatory notes", () => {
    const byId = Object.fromEntries(LEGAL_NOTES.map((n) => [n.id, n.text]));
    expect(byId.vat).toContain("20 %");
    expect(byId.vat).toContain("10 %");
    expect(byId.ashes).toContain("dispers");
    expect(byId["cremation-metals"]).toContain("métaux");
    expect(byId["funeral-insurance"]).toContain("contrat obsèques");
    expect(subcontractingNote("25-69-0123")).toContain("n° 25-69-0123");
  });

  it("prints cremation notes only on cremation quotes", () => {
    expect(notesFor("burial")).not.toContain("ashes");
    expect(notesFor("cremation")).toEqual(expect.arrayContaining(["ashes", "cremation-metals", "funeral-insurance", "vat"]));
  });

  it("validates the operator identity with its licence number", () => {
    expect(operatorIdentitySchema.safeParse(DEMO_OPERATOR).success).toBe(true);
    expect(operatorIdentitySchema.safeParse({ ...DEMO_OPERATOR, habilitationNumber: "" }).success).toBe(false);
    expect(operatorIdentitySchema.safeParse({ ...DEMO_OPERATOR, siret: "123" }).error?.issues[0]?.message).toBe("siret__invalid");
  });
});
