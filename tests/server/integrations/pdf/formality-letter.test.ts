import { describe, expect, it } from "vitest";
import { deceasedSentence, elide, letterBody, renderFormalityLetter, type FormalityLetterInput } from "@/server/integrations/pdf/formality-letter";
import { pdfPageCount, pdfText, pdfTitle } from "./pdf-text";

const input: FormalityLetterInput = {
  sender: { civility: "M.", firstname: "Éric", lastname: "Lefèvre", address: "3 allée des Œillets", addressL2: null, postalCode: "13001", city: "Marseille", phone: null, email: "eric@example.org" },
  deceased: { civility: "Mme", firstname: "Odette", lastname: "Lefèvre", birthName: "Garnier", birthDate: "1938-07-14", birthLocation: "Aix-en-Provence", deathDate: "2026-09-29", deathCity: "Marseille" },
  familyLink: "child",
  company: { name: "Énergie du Sud", address: "Service clients\nTSA 12345\n13000 Marseille" },
  formality: { name: "Résiliation du contrat", kind: "close" },
  references: [{ label: "Numéro de client", value: "C-0042" }],
  enclosures: ["Acte de décès", "Relevé d'identité bancaire"],
  enclosuresAttached: true,
  issuedOn: new Date("2026-10-05T10:00:00Z"),
};

describe("formality letter", () => {
  it("writes French as French: elision, agreement with the deceased's civility, birth name", () => {
    expect(elide("de", "enfant")).toBe("d'enfant");
    expect(elide("de", "conjoint(e)")).toBe("de conjoint(e)");
    expect(deceasedSentence(input)).toBe("Mme Odette LEFÈVRE, née GARNIER, née le 14 juillet 1938 à Aix-en-Provence, décédée le 29 septembre 2026 à Marseille");
    const unknown = { ...input, deceased: { ...input.deceased, civility: null, birthName: null, birthDate: null, birthLocation: null, deathCity: null } };
    expect(deceasedSentence(unknown)).toBe("Odette LEFÈVRE, décédé(e) le 29 septembre 2026");
    expect(letterBody(input)[1]).toMatch(/^En ma qualité d'enfant de la défunte, je vous demande/);
    expect(letterBody({ ...input, familyLink: null })[1]).toMatch(/^je vous demande/);
  });

  it("renders one A4 page with the blocks, the references, the enclosures and the signature", async () => {
    const pdf = await renderFormalityLetter(input);
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfTitle(pdf)).toBe("Décès du titulaire – demande de clôture – Odette LEFÈVRE");
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const part of ["M. Éric LEFÈVRE", "3 allée des Œillets", "13001 Marseille", "Énergie du Sud", "TSA 12345", "Marseille, le 5 octobre 2026", "Numéro de client : C-0042", "Vous trouverez ci-joint :", "Relevé d'identité bancaire", "Signature"]) {
      expect(text).toContain(part);
    }
  });
});
