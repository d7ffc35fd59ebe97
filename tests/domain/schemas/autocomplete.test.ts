import { describe, expect, it } from "vitest";
import { autocompleteQuerySchema, normalizeSearchText } from "@/domain/schemas/autocomplete";

describe("normalizeSearchText", () => {
  it("drops case, accents and punctuation", () => {
    expect(normalizeSearchText("  Évry-Courcouronnes ")).toBe("evry courcouronnes");
    expect(normalizeSearchText("L’Haÿ-les-Roses")).toBe("l hay les roses");
    expect(normalizeSearchText("Œuilly")).toBe("oeuilly");
    expect(normalizeSearchText("100% _sûr_")).toBe("100 sur");
  });

  it("spells out St and Ste only when another word follows", () => {
    expect(normalizeSearchText("st etienne")).toBe("saint etienne");
    expect(normalizeSearchText("Ste-Maxime")).toBe("sainte maxime");
    expect(normalizeSearchText("st")).toBe("st");
    expect(normalizeSearchText("strasbourg")).toBe("strasbourg");
  });

  it("keeps letters of other scripts", () => {
    expect(normalizeSearchText("Алжир")).toBe("алжир");
    expect(normalizeSearchText("阿尔及利亚")).toBe("阿尔及利亚");
  });
});

describe("autocompleteQuerySchema", () => {
  it("defaults the limit to 10 and accepts an empty query", () => {
    expect(autocompleteQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(autocompleteQuerySchema.parse({ q: "", limit: "25" })).toEqual({ q: "", limit: 25 });
  });

  it("answers codes for a too long query and a bad limit", () => {
    const result = autocompleteQuerySchema.safeParse({ q: "x".repeat(101), limit: "0" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(["autocomplete__q__too_long", "autocomplete__limit__invalid"]);
  });
});
