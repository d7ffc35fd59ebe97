import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { glossaryLocales, glossaryTerms, groupByLetter, letterAnchor, letterOf } from "@/features/glossary/glossary-content";
import { glossaryContentLocale } from "@/features/glossary/glossary-view";
import { foldText } from "@/features/glossary/fold-text";

describe("the glossary (src/content/glossary)", () => {
  it.each(["fr", "en"] as const)("has at least 80 %s terms with unique slugs and definitions", (locale) => {
    const terms = glossaryTerms(locale);
    expect(terms.length).toBeGreaterThanOrEqual(80);
    expect(new Set(terms.map((t) => t.slug)).size).toBe(terms.length);
    for (const term of terms) expect(term.definition.length, term.slug).toBeGreaterThan(20);
  });

  it.each(["fr", "en"] as const)("links %s terms only to terms that exist", (locale) => {
    const slugs = new Set(glossaryTerms(locale).map((t) => t.slug));
    const broken = glossaryTerms(locale).flatMap((t) => t.related.filter((r) => !slugs.has(r) || r === t.slug).map((r) => `${t.slug} → ${r}`));
    expect(broken).toEqual([]);
  });

  it("uses the same slugs in French and English, so anchors work on both hosts", () => {
    const fr = glossaryTerms("fr").map((t) => t.slug).sort();
    const en = glossaryTerms("en").map((t) => t.slug).sort();
    expect(en).toEqual(fr);
    expect(glossaryLocales()).toEqual(["fr", "en"]);
  });

  it("sorts terms alphabetically, accents ignored", () => {
    const names = glossaryTerms("fr").map((t) => foldText(t.term));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "fr")));
  });
});

describe("letters", () => {
  it("files accented initials under their base letter", () => {
    expect(letterOf("Éloge funèbre")).toBe("E");
    expect(letterOf("œuvre")).toBe("O");
    expect(letterOf("3D")).toBe("#");
    expect(letterAnchor("A")).toBe("lettre-a");
  });

  it("groups the terms by letter in order, each group with its anchor", () => {
    const groups = groupByLetter(glossaryTerms("fr"));
    expect(groups[0]).toMatchObject({ letter: "A", anchor: "lettre-a" });
    expect(groups.map((g) => g.letter)).toEqual([...groups.map((g) => g.letter)].sort());
    expect(groups.reduce((n, g) => n + g.terms.length, 0)).toBe(glossaryTerms("fr").length);
  });
});

describe("glossary files", () => {
  it("refuses a file with a duplicate slug, naming it", () => {
    const root = mkdtempSync(join(tmpdir(), "glossary-"));
    const term = { slug: "urne", term: "Urne", definition: "Vase qui reçoit les cendres après la crémation.", related: [] };
    writeFileSync(join(root, "fr.json"), JSON.stringify([term, term]));
    expect(() => glossaryTerms("fr", root)).toThrow(/duplicate slug "urne"/);
  });

  it("treats a missing language as having no glossary", () => {
    const root = mkdtempSync(join(tmpdir(), "glossary-"));
    expect(glossaryTerms("en", root)).toEqual([]);
  });
});

describe("glossaryContentLocale", () => {
  it("shows French and English on their hosts and English elsewhere", () => {
    expect(glossaryContentLocale("fr", ["fr", "en"])).toBe("fr");
    expect(glossaryContentLocale("en", ["fr", "en"])).toBe("en");
    expect(glossaryContentLocale("he", ["fr", "en"])).toBe("en");
    expect(glossaryContentLocale("he", ["fr"])).toBe("fr");
  });
});
