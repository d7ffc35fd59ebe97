import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdownBlocks, spansText } from "@/server/integrations/pdf/markdown-blocks";

describe("inline Markdown", () => {
  it("reads bold and italic spans", () => {
    expect(parseInline("Le **prix** est *ferme* et __définitif__")).toEqual([
      { text: "Le " },
      { text: "prix", bold: true },
      { text: " est " },
      { text: "ferme", italic: true },
      { text: " et " },
      { text: "définitif", bold: true },
    ]);
  });

  it("keeps only the text of links, images and code", () => {
    expect(spansText(parseInline("Voir [nos conditions](https://paisible.fr/cg) et ![logo](/l.png) `code`"))).toBe(
      "Voir nos conditions et logo code",
    );
    expect(spansText(parseInline("Écrire à <mailto:dpo@paisible.fr>"))).toBe("Écrire à dpo@paisible.fr");
  });

  it("prints unmatched markers and underscores inside words as they are", () => {
    expect(spansText(parseInline("2 * 3 = 6"))).toBe("2 * 3 = 6");
    expect(parseInline("le champ total_reviews")).toEqual([{ text: "le champ total_reviews" }]);
    expect(spansText(parseInline("un **gras jamais fermé"))).toBe("un **gras jamais fermé");
    expect(spansText(parseInline("\\*pas italique\\*"))).toBe("*pas italique*");
  });

  it("decodes common HTML entities", () => {
    expect(spansText(parseInline("Paisible&nbsp;SAS &amp; associés &#8364;"))).toBe("Paisible\u00a0SAS & associés €");
  });
});

describe("block Markdown", () => {
  it("reads headings, paragraphs joined across lines, and rules", () => {
    const blocks = parseMarkdownBlocks("# Titre\n\n## Article 1\nLe texte\ncontinue ici.\n\n---\n\n#### Détail");
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "heading", "paragraph", "rule", "heading"]);
    expect(blocks[2]).toEqual({ kind: "paragraph", spans: [{ text: "Le texte continue ici." }] });
    expect(blocks[4]).toMatchObject({ kind: "heading", level: 3 });
  });

  it("keeps hard line breaks (two trailing spaces or a backslash) and joins other lines", () => {
    expect(parseMarkdownBlocks("**Paisible SAS**  \n12 rue de la Paix\\\n75002 Paris\nFrance")).toEqual([
      { kind: "paragraph", spans: [{ text: "Paisible SAS", bold: true }, { text: "\n12 rue de la Paix\n75002 Paris France" }] },
    ]);
  });

  it("reads underlined headings and ends a list at a rule", () => {
    expect(parseMarkdownBlocks("Titre\n=====\n\nSous-titre\n---\n\n- point\n***")).toEqual([
      { kind: "heading", level: 1, spans: [{ text: "Titre" }] },
      { kind: "heading", level: 2, spans: [{ text: "Sous-titre" }] },
      { kind: "list-item", ordered: false, marker: "•", depth: 0, spans: [{ text: "point" }] },
      { kind: "rule" },
    ]);
  });

  it("reads bullet and numbered lists, nested items and continuation lines", () => {
    const blocks = parseMarkdownBlocks("- un\n- deux\n  suite\n  - imbriqué\n\n1. premier\n2) second");
    expect(blocks).toEqual([
      { kind: "list-item", ordered: false, marker: "•", depth: 0, spans: [{ text: "un" }] },
      { kind: "list-item", ordered: false, marker: "•", depth: 0, spans: [{ text: "deux suite" }] },
      { kind: "list-item", ordered: false, marker: "•", depth: 1, spans: [{ text: "imbriqué" }] },
      { kind: "list-item", ordered: true, marker: "1.", depth: 0, spans: [{ text: "premier" }] },
      { kind: "list-item", ordered: true, marker: "2.", depth: 0, spans: [{ text: "second" }] },
    ]);
  });

  it("reads tables, padding short rows to the header width", () => {
    const [table] = parseMarkdownBlocks("| Donnée | Durée |\n|:---|---:|\n| Devis | **3 ans** |\n| Facture |");
    expect(table).toEqual({
      kind: "table",
      header: [[{ text: "Donnée" }], [{ text: "Durée" }]],
      rows: [
        [[{ text: "Devis" }], [{ text: "3 ans", bold: true }]],
        [[{ text: "Facture" }], []],
      ],
    });
  });

  it("reads quotes and drops HTML comments", () => {
    expect(parseMarkdownBlocks("<!-- note interne -->\n> Article L. 2223-19\n> du CGCT")).toEqual([
      { kind: "quote", spans: [{ text: "Article L. 2223-19 du CGCT" }] },
    ]);
  });

  it("never throws on odd input", () => {
    for (const input of ["", "\n\n", "|", "| a |\n|---|", "***", "-", "#", "**", "[lien](", "\r\n# T\r\n"]) {
      expect(() => parseMarkdownBlocks(input)).not.toThrow();
    }
  });
});
