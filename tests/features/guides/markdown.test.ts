import { describe, expect, it } from "vitest";
import { asciiId, frenchSpacing, readingMinutes, renderMarkdown } from "@/features/guides/markdown";

describe("renderMarkdown", () => {
  it("strips scripts, event handlers and dangerous links", async () => {
    const { html } = await renderMarkdown(
      [
        "Bonjour <script>alert('x')</script> et <img src=x onerror=alert(1)>",
        "",
        '<div onclick="steal()">bloc</div>',
        "",
        "[piège](javascript:alert(1)) et [appel](tel:+33184604242)",
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('href="tel:+33184604242"');
  });

  it("gives every ## and ### heading a readable id and builds the table of contents from them", async () => {
    const { html, toc } = await renderMarkdown(
      ["Intro.", "", "## Qui ouvre droit au capital décès", "", "### Les bénéficiaires prioritaires", "", "#### Détail", "", "## Qui ouvre droit au capital décès"].join("\n"),
    );
    expect(html).toContain('<h2 id="qui-ouvre-droit-au-capital-deces">');
    expect(html).toContain('<h3 id="les-beneficiaires-prioritaires">');
    expect(toc).toEqual([
      { id: "qui-ouvre-droit-au-capital-deces", text: "Qui ouvre droit au capital décès", depth: 2 },
      { id: "les-beneficiaires-prioritaires", text: "Les bénéficiaires prioritaires", depth: 3 },
      // Repeated headings get distinct anchors.
      { id: "qui-ouvre-droit-au-capital-deces-1", text: "Qui ouvre droit au capital décès", depth: 2 },
    ]);
  });

  it("keeps the page's single h1 by turning a # heading of the text into a section", async () => {
    const { html, toc } = await renderMarkdown("# Un titre\n\nTexte.");
    expect(html).not.toContain("<h1");
    expect(toc).toEqual([{ id: "un-titre", text: "Un titre", depth: 2 }]);
  });

  it("renders GFM tables inside a focusable scroll region named after the section", async () => {
    const { html } = await renderMarkdown("## Délais\n\n| Étape | Délai |\n|---|---|\n| Déclaration | 24 h |\n");
    expect(html).toMatch(/<div class="table-scroll" tabindex="0" role="region" aria-label="Délais"><table>/);
  });

  it("never loads an image from another host", async () => {
    const { html } = await renderMarkdown("![plan](https://example.com/x.png) ![logo](/images/logo.png)");
    expect(html).not.toContain("example.com");
    expect(html).toContain('src="/images/logo.png"');
  });

  it("marks links leaving the site", async () => {
    const { html } = await renderMarkdown("[Service public](https://www.service-public.fr) et [devis](/devis-obseques)");
    expect(html).toContain('<a href="https://www.service-public.fr" rel="noopener noreferrer external">');
    expect(html).toContain('<a href="/devis-obseques">');
  });

  it("counts words for the reading time", async () => {
    const { wordCount } = await renderMarkdown(`${"mot ".repeat(450)}\n\n## Titre`);
    expect(wordCount).toBe(451);
    expect(readingMinutes(wordCount)).toBe(2);
    expect(readingMinutes(3)).toBe(1);
  });
});

describe("French typography", () => {
  it("keeps : ; ? ! and guillemets on the line of the word before them, in French texts only", async () => {
    expect(frenchSpacing("Inhumation ou crémation : comment choisir ?")).toBe("Inhumation ou crémation\u00a0: comment choisir\u00a0?");
    expect(frenchSpacing("« devis type »")).toBe("«\u00a0devis type\u00a0»");
    const french = await renderMarkdown("## Quel délai ?\n\nTexte : oui. `a : b`", { locale: "fr" });
    expect(french.html).toContain("Quel délai\u00a0?");
    expect(french.html).toContain("Texte\u00a0: oui.");
    expect(french.html).toContain("<code>a : b</code>");
    expect(french.toc[0]?.text).toBe("Quel délai\u00a0?");
    expect((await renderMarkdown("Text : yes", { locale: "en" })).html).toContain("Text : yes");
  });
});

describe("asciiId", () => {
  it("folds accents and ligatures", () => {
    expect(asciiId("œuvre-d-été")).toBe("oeuvre-d-ete");
    expect(asciiId("---")).toBe("section");
  });
});
