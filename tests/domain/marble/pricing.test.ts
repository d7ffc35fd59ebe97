import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engravedLetterCount, priceMonument, vatOfBp, type MonumentCatalogueRow, type MonumentConfiguration } from "@/domain/marble/pricing";
import { ACCESSORIES, ENGRAVING_FONTS, FINISHES, GRANITES, MONUMENT_MODELS, MONUMENT_OPTIONS } from "@/domain/marble/products";
import { monumentConfigurationSchema } from "@/domain/schemas/marble-funnel";
import { monumentProductRows } from "@/server/db/seed/demo/monuments";

/** The seeded rows, as the server reads them from the database. */
const CATALOGUE: MonumentCatalogueRow[] = monumentProductRows().map((r) => ({
  code: r.code,
  name: r.name,
  category: r.category,
  price_ht_cents: r.priceCents,
  vat_rate_bp: r.vatRateBp,
  attributes: (r.attributes ?? {}) as Record<string, unknown>,
}));

const base: MonumentConfiguration = { model_code: "MON-TRA-SOBRIETE", granite_code: "GRA-GRIS-TARN", finish_code: "FIN-POLI", engraving: null, accessories: [], options: [] };

function priced(config: Partial<MonumentConfiguration>) {
  const result = priceMonument({ ...base, ...config }, CATALOGUE);
  if (!result.ok) throw new Error(result.errors.join(","));
  return result.pricing;
}

describe("priceMonument", () => {
  it("prices the model in its granite, the finish, engraving and gilding per letter, accessories and options, each with its VAT", () => {
    const pricing = priced({
      granite_code: "GRA-NOIR-FIN",
      finish_code: "FIN-ADOUCI",
      engraving: { font: "roman", gilded: true, lines: ["Famille Martin", "1931 – 2026"] },
      accessories: [{ code: "ACC-MON-PHOTO", quantity: 1 }, { code: "ACC-MON-VASE", quantity: 2 }],
      options: ["installation", "sole"],
    });
    const byKind = Object.fromEntries(pricing.lines.map((l) => [`${l.kind}:${l.code}`, l]));
    // Sobriété 1 690 € HT × 1.35 (Noir fin) = 2 281,50 € HT.
    expect(byKind["model:MON-TRA-SOBRIETE"]).toMatchObject({ unit_price_ht_cents: 228_150, quantity: 1, vat_rate_bp: 2000, total_vat_cents: 45_630, total_ttc_cents: 273_780, granite_code: "GRA-NOIR-FIN" });
    expect(byKind["finish:FIN-ADOUCI"]).toMatchObject({ unit_price_ht_cents: 18_000 });
    // "FamilleMartin" 13 letters + "1931–2026" 9 characters: spaces are free.
    expect(byKind["engraving:ENG-LETTRE"]).toMatchObject({ quantity: 22, unit_price_ht_cents: 1250, total_ht_cents: 27_500 });
    expect(byKind["gilding:ENG-DORURE"]).toMatchObject({ quantity: 22, unit_price_ht_cents: 450 });
    expect(byKind["accessory:ACC-MON-VASE"]).toMatchObject({ quantity: 2, total_ht_cents: 32_000 });
    expect(byKind["option:OPT-POSE-SINGLE"]).toMatchObject({ unit_price_ht_cents: 39_000 });
    expect(byKind["option:OPT-SEMELLE-SINGLE"]).toMatchObject({ unit_price_ht_cents: 45_000 });
    expect(pricing.size).toBe("single");
    expect(pricing.totals.ttc_cents).toBe(pricing.totals.ht_cents + pricing.totals.vat_cents);
    expect(pricing.totals.vat_by_rate).toEqual([{ vat_rate_bp: 2000, base_ht_cents: pricing.totals.ht_cents, vat_cents: pricing.totals.vat_cents }]);
  });

  it("scales the finish and prices the options of the model's size", () => {
    const cinerary = priced({ model_code: "MON-CIN-CUBE", finish_code: "FIN-BOUCHARDE", options: ["installation"] });
    expect(cinerary.lines.find((l) => l.kind === "finish")!.unit_price_ht_cents).toBe(14_500);
    expect(cinerary.lines.find((l) => l.kind === "option")!.code).toBe("OPT-POSE-CINERARY");
    const double = priced({ model_code: "MON-CON-ENVOL-D", finish_code: "FIN-BOUCHARDE", options: ["installation"] });
    expect(double.lines.find((l) => l.kind === "finish")!.unit_price_ht_cents).toBe(43_500);
    expect(double.lines.find((l) => l.kind === "option")!.code).toBe("OPT-POSE-DOUBLE");
  });

  it("keeps the seeded prices inside the French market's ranges (TTC, polished, no options)", () => {
    const factors = GRANITES.map((g) => g.price_factor_bp);
    for (const model of MONUMENT_MODELS) {
      const ttc = (factor: number) => {
        const ht = Math.floor((model.euros * 100 * factor + 5000) / 10000);
        return ht + vatOfBp(ht, 2000);
      };
      const [low, high] = model.size === "cinerary" ? [90_000, 200_000] : model.size === "single" ? [180_000, 450_000] : [300_000, 700_000];
      expect(ttc(Math.min(...factors)), model.code).toBeGreaterThanOrEqual(low);
      expect(ttc(Math.max(...factors)), model.code).toBeLessThanOrEqual(high);
    }
    const letter = CATALOGUE.find((r) => r.code === "ENG-LETTRE")!;
    expect(letter.price_ht_cents + vatOfBp(letter.price_ht_cents, 2000)).toBeGreaterThanOrEqual(1000);
    expect(letter.price_ht_cents + vatOfBp(letter.price_ht_cents, 2000)).toBeLessThanOrEqual(2500);
    const photo = CATALOGUE.find((r) => r.code === "ACC-MON-PHOTO")!;
    expect(photo.price_ht_cents + vatOfBp(photo.price_ht_cents, 2000)).toBeGreaterThanOrEqual(9000);
    expect(photo.price_ht_cents + vatOfBp(photo.price_ht_cents, 2000)).toBeLessThanOrEqual(20_000);
    expect(MONUMENT_MODELS.length).toBeGreaterThanOrEqual(30);
    expect(GRANITES.length).toBeGreaterThanOrEqual(12);
  });

  it("answers the codes of unknown choices instead of a price", () => {
    const result = priceMonument({ ...base, model_code: "MON-NOPE", granite_code: "FIN-POLI", finish_code: "GRA-GRIS-TARN", accessories: [{ code: "ACC-NOPE", quantity: 1 }] }, CATALOGUE);
    expect(result).toEqual({ ok: false, errors: ["monument__model__unknown", "monument__granite__unknown", "monument__finish__unknown", "monument__accessory__unknown"] });
    const withoutOption = CATALOGUE.filter((r) => r.code !== "OPT-DEPOSE-CINERARY");
    expect(priceMonument({ ...base, model_code: "MON-CIN-CUBE", options: ["removal"] }, withoutOption)).toEqual({ ok: false, errors: ["monument__option__unavailable"] });
    const withoutGilding = CATALOGUE.filter((r) => r.code !== "ENG-DORURE");
    expect(priceMonument({ ...base, engraving: { font: "roman", gilded: true, lines: ["A"] } }, withoutGilding)).toEqual({ ok: false, errors: ["monument__engraving__unavailable"] });
  });

  it("counts engraved letters without spaces, by code point", () => {
    expect(engravedLetterCount(["Jean  Martin", " ", "1931 – 2026", "Éloïse 🌹"])).toBe(10 + 9 + 7);
  });

  it("totals equal the sum of the lines, and HT + VAT = TTC on every line, for any configuration", () => {
    const configurations = fc.record({
      model_code: fc.constantFrom(...MONUMENT_MODELS.map((m) => m.code)),
      granite_code: fc.constantFrom(...GRANITES.map((g) => g.code)),
      finish_code: fc.constantFrom(...FINISHES.map((f) => f.code)),
      engraving: fc.option(
        fc.record({
          font: fc.constantFrom(...ENGRAVING_FONTS),
          gilded: fc.boolean(),
          lines: fc.array(fc.string({ maxLength: 40, unit: "grapheme" }), { maxLength: 6 }),
        }),
        { nil: null },
      ),
      accessories: fc.array(fc.record({ code: fc.constantFrom(...ACCESSORIES.map((a) => a.code)), quantity: fc.integer({ min: 1, max: 4 }) }), { maxLength: 12 }),
      options: fc.uniqueArray(fc.constantFrom(...MONUMENT_OPTIONS)),
    });
    fc.assert(
      fc.property(configurations, (raw) => {
        // What the API would store: the body through its schema.
        const config = monumentConfigurationSchema.parse(raw) as MonumentConfiguration;
        const result = priceMonument(config, CATALOGUE);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const { lines, totals } = result.pricing;
        for (const line of lines) {
          expect(line.total_ht_cents).toBe(line.unit_price_ht_cents * line.quantity);
          expect(line.total_ttc_cents).toBe(line.total_ht_cents + line.total_vat_cents);
          expect(Number.isInteger(line.total_vat_cents) && line.total_vat_cents >= 0).toBe(true);
        }
        expect(totals.ht_cents).toBe(lines.reduce((s, l) => s + l.total_ht_cents, 0));
        expect(totals.vat_cents).toBe(lines.reduce((s, l) => s + l.total_vat_cents, 0));
        expect(totals.ttc_cents).toBe(lines.reduce((s, l) => s + l.total_ttc_cents, 0));
        expect(totals.vat_by_rate.reduce((s, r) => s + r.vat_cents, 0)).toBe(totals.vat_cents);
      }),
      { numRuns: 300 },
    );
  });
});
