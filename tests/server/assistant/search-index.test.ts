import { describe, expect, it } from "vitest";
import type { Locale } from "@/domain/locales";
import { analyzeTerm, assistantIndex, extractOf, queryTerms, retrieve, tokenize } from "@/server/services/assistant/search-index";

/** The offline retrieval over the site's own content, in the languages the content is read in. */

describe("the analysis of words", () => {
  it("folds case and accents, drops stop words and meets a word's forms", () => {
    expect(queryTerms("Délai pour ORGANISER des obsèques")).toEqual(["delai", "organis", "obsequ"]);
    expect(analyzeTerm("rapatriement")).toBe(analyzeTerm("rapatrier"));
    expect(analyzeTerm("repatriation")).toBe(analyzeTerm("repatriate"));
    expect(analyzeTerm("arranging")).toBe(analyzeTerm("arrange"));
    expect(analyzeTerm("délais")).toBe(analyzeTerm("délai"));
    expect(analyzeTerm("the")).toBeNull();
  });

  it("splits at apostrophes, and pairs Chinese characters", () => {
    expect(tokenize("d'obsèques")).toEqual(["d", "obsèques"]);
    expect(tokenize("遗体运回")).toEqual(["遗体", "体运", "运回"]);
    expect(analyzeTerm("المغرب")).toBe("مغرب");
  });
});

describe("retrieval", () => {
  it.each<[Locale, string, string]>([
    ["fr", "rapatrier un corps au Maroc", "/rapatriement-corps-pays/maroc"],
    ["fr", "capital décès", "/guides-obseques/aides-financieres/capital-deces-cpam"],
    ["en", "death grant", "/guides-obseques/aides-financieres/capital-deces-cpam"],
    ["de", "Überführung eines Verstorbenen nach Marokko", "/rapatriement-corps-pays/maroc"],
    ["de", "Sterbegeld der Krankenkasse", "/aides-financieres#aide-capitalDeces"],
    ["es", "repatriar un cuerpo a Marruecos", "/rapatriement-corps-pays/maroc"],
    ["tr", "Fas'a cenaze nakli", "/rapatriement-corps-pays/maroc"],
    ["it", "quanto costa una lapide", "/pierre-tombale"],
    ["ar", "نقل جثمان إلى المغرب", "/rapatriement-corps-pays/maroc"],
    ["zh", "遗体运回摩洛哥", "/rapatriement-corps-pays/maroc"],
  ])("%s: « %s » finds %s first", async (locale, question, url) => {
    const index = await assistantIndex(locale);
    const { hits } = retrieve(index, question, "funeral-assistant");
    expect(hits[0]?.passage.url).toBe(url);
    // The passage in the page's own language comes before the French one.
    expect(hits[0]!.passage.locale).toBe(locale);
  });

  it.each<[Locale, string]>([
    ["fr", "Quel temps fera-t-il demain à Paris ?"],
    ["fr", "recette de la tarte tatin"],
    ["en", "best pizza in Naples"],
    ["fr", "???"],
  ])("%s: « %s » finds nothing good enough", async (locale, question) => {
    const index = await assistantIndex(locale);
    expect(retrieve(index, question, "funeral-assistant").hits).toEqual([]);
  });

  it("cites each page once, at most three", async () => {
    const index = await assistantIndex("fr");
    const { hits } = retrieve(index, "obsèques crémation inhumation", "funeral-assistant");
    expect(hits.length).toBeLessThanOrEqual(3);
    expect(new Set(hits.map((h) => h.passage.url)).size).toBe(hits.length);
  });

  it("extracts the sentences that hold the question, short", () => {
    const passage = { id: "x", kind: "guide" as const, locale: "fr" as const, title: "T", heading: "", url: "/x", keywords: "", text: `${"Phrase sans rapport. ".repeat(5)}Le capital décès est versé par la CPAM. ${"Autre phrase longue qui continue encore. ".repeat(20)}` };
    const extract = extractOf(passage, queryTerms("capital décès"));
    expect(extract.startsWith("Le capital décès est versé par la CPAM.")).toBe(true);
    expect(extract.length).toBeLessThanOrEqual(301);
  });
});
