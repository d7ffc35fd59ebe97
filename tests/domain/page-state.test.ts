import { describe, expect, it } from "vitest";
import { buildPageState, mergeVars, pageAlternates, pageVar, requirePageVar } from "@/domain/page-state";

describe("buildPageState", () => {
  it("gives a page its reviews, variables, locale, alternates and preview flag (SPEC §3)", () => {
    const state = buildPageState({
      locale: "ar",
      path: "/pompes-funebres/lyon-69123",
      reviews: { rating: 4.6, total: 60 },
      vars: [{ name: "phone", value: "01 84 60 42 42" }],
      isPreview: false,
    });
    expect(state.reviews).toEqual({ internal: { rating: 4.6, total_reviews: 60 } });
    expect(state.locale).toBe("ar");
    expect(state.alternates).toHaveLength(11);
    expect(state.alternates[0]).toEqual({ lang: "fr", slug: "/pompes-funebres/lyon-69123" });
    expect(pageVar(state, "phone")).toBe("01 84 60 42 42");
    expect(state.isPreview).toBe(false);
  });

  it("falls back to French for an unknown locale and lists only the locales a page exists in", () => {
    const state = buildPageState({ locale: "xx", path: "/", reviews: { rating: 0, total: 0 }, vars: [], isPreview: true, availableLocales: ["fr"] });
    expect(state.locale).toBe("fr");
    expect(state.alternates).toEqual([{ lang: "fr", slug: "/" }]);
    expect(pageAlternates("/x", ["de", "fr"])).toEqual([
      { lang: "fr", slug: "/x" },
      { lang: "de", slug: "/x" },
    ]);
  });
});

describe("page variables", () => {
  it("lets a page override a shared variable and refuses an unknown one", () => {
    const vars = mergeVars([{ name: "phone", value: "a" }, { name: "x", value: "1" }], [{ name: "phone", value: "b" }]);
    expect(vars).toEqual([
      { name: "phone", value: "b" },
      { name: "x", value: "1" },
    ]);
    expect(() => requirePageVar({ vars }, "nope")).toThrow(/nope/);
  });
});
