import { describe, expect, it } from "vitest";
import { OPERATOR } from "@/config/brand";
import { renderMarkdownPdf } from "@/server/integrations/pdf/markdown-pdf";
import { pdfPageCount, pdfText, pdfTextRuns, pdfTitle } from "./pdf-text";

const MARKDOWN = `# Conditions d'essai

## Article 1 — Objet

Le présent document est un **essai** : il vérifie que le rendu est lisible, avec « guillemets », œ et 1\u202f250 €.

- premier point
- second point avec *italique*
  - point imbriqué

1. étape une
2. étape deux

| Donnée | Durée |
|---|---|
| Devis | 3 ans |

> Article L. 2223-19 du code général des collectivités territoriales.
`;

describe("renderMarkdownPdf", () => {
  it("produces a PDF with the title, headings, body, lists and table text", async () => {
    const pdf = await renderMarkdownPdf({ title: "Conditions d'essai", description: "Un document de test.", markdown: MARKDOWN });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfTitle(pdf)).toBe("Conditions d'essai");
    const text = pdfText(pdf);
    expect(text).toContain("Conditions d'essai");
    expect(text).toContain("Un document de test.");
    expect(text).toContain("Article 1 — Objet");
    expect(text).toContain("essai");
    expect(text).toContain("« guillemets », œ et 1\u00a0250 €");
    expect(text).toContain("premier point");
    expect(text).toContain("étape deux");
    expect(text).toContain("Durée");
    expect(text).toContain("3 ans");
    expect(text).toContain("Article L. 2223-19");
  });

  it("does not repeat a first heading equal to the title", async () => {
    const pdf = await renderMarkdownPdf({ title: "Conditions d'essai", markdown: MARKDOWN });
    const runs = pdfTextRuns(pdf).filter((run) => run === "Conditions d'essai");
    // The title block once, plus the running header of the single page.
    expect(runs).toHaveLength(2);
  });

  it("frames every page with the brand, the operator and 'Page n / N'", async () => {
    const long = Array.from({ length: 40 }, (_, i) => `## Article ${i + 1}\n\n${"Un paragraphe assez long pour remplir la page. ".repeat(8)}`).join("\n\n");
    const pdf = await renderMarkdownPdf({ title: "Document long", markdown: long });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    const runs = pdfTextRuns(pdf);
    for (let n = 1; n <= pages; n++) expect(runs).toContain(`Page ${n} / ${pages}`);
    expect(runs.filter((r) => r === "Paisible")).toHaveLength(pages);
    expect(runs.filter((r) => r.startsWith(OPERATOR.legalName))).toHaveLength(pages);
    expect(runs.filter((r) => r.includes("Habilitation"))).toHaveLength(pages);
    expect(runs.join("\n")).toContain("Article 40");
  });

  it("renders empty or odd Markdown without failing", async () => {
    for (const markdown of ["", "|", "**", "# \n\n-"]) {
      const pdf = await renderMarkdownPdf({ title: "Vide", markdown });
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdfPageCount(pdf)).toBe(1);
    }
  });
});
