import { describe, expect, it } from "vitest";
import { toWinAnsi } from "@/server/integrations/pdf/win-ansi";

describe("text for the PDF standard fonts", () => {
  it("keeps French typography that Windows-1252 can draw", () => {
    const french = "Œuvre, cœur, « devis » — 1 250,00 € … l’été à Noël; ÀÉÈÊËÎÏÔÙÛÜŸÇ";
    expect(toWinAnsi(french)).toBe(french);
  });

  it("replaces characters the fonts cannot draw with close equivalents", () => {
    expect(toWinAnsi("12\u202f€ ; prix\u2011fixe ≥ 3")).toBe("12\u00a0€ ; prix-fixe >= 3");
    expect(toWinAnsi("Łódź, Ștefan, Đorđe")).toBe("Lódz, Stefan, Dorde");
    expect(toWinAnsi("e\u0301")).toBe("é");
    expect(toWinAnsi("数字 🙂")).toBe("?? ?");
    expect(toWinAnsi("a\u0000b\u200bc\tz")).toBe("abc z");
  });
});
