import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  DRAWING_WIDTH,
  drawMonument,
  escapeSvgText,
  estimateTextWidthEm,
  layoutEngraving,
  type DrawingAccessory,
  type DrawingShape,
  type MonumentDrawingInput,
} from "@/domain/marble/monument-drawing";

const SHAPES: DrawingShape[] = ["traditional", "contemporary", "cross", "heart", "book", "flat", "cinerary"];
const ACCESSORIES: DrawingAccessory[] = ["vase", "planter", "plaque", "photo", "cross", "lantern", "book", "soliflore"];

const base: MonumentDrawingInput = {
  shape: "traditional",
  size: "single",
  steleHeightCm: 90,
  graniteColour: "#8a8c8e",
  engraving: { lines: ["Famille Martin", "Paul Martin 1940 – 2024"], font: "roman", colour: "gold" },
};

/** librsvg (through sharp) is what the quote PDF uses: a drawing it cannot parse fails here. */
async function rasterise(svg: string) {
  return sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
}

describe("drawMonument", () => {
  it.each(SHAPES)("draws the %s shape in every size, with every accessory, as SVG librsvg renders", async (shape) => {
    for (const size of ["cinerary", "single", "double"] as const) {
      const svg = drawMonument({ ...base, shape, size, accessories: ACCESSORIES, finish: "flamed", veins: true });
      expect(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"")).toBe(true);
      expect(svg).not.toMatch(/foreignObject|<style|style=|NaN|undefined|Infinity/);
      const { info } = await rasterise(svg);
      expect(info.width).toBe(DRAWING_WIDTH);
    }
  });

  it("is deterministic: the same configuration gives the same bytes", () => {
    const input = { ...base, accessories: ["vase", "photo"] as DrawingAccessory[] };
    expect(drawMonument(input)).toBe(drawMonument({ ...input }));
    expect(drawMonument(input)).not.toBe(drawMonument({ ...input, graniteColour: "#1c1c1e" }));
  });

  it("escapes the engraving and the title, which are typed by the family", async () => {
    const evil = `</text><script>alert(1)</script><text x="0" onload='x'>&amp;`;
    const svg = drawMonument({ ...base, title: `"><script>`, engraving: { lines: [evil, "A\u0000B\u0007C\uD800"], font: "sans", colour: "white" } });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("onload='");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;");
    expect(svg).toContain("&amp;amp;");
    expect(svg).toContain(">ABC<");
    await expect(rasterise(svg)).resolves.toBeTruthy();
  });

  it("ignores a colour or an id prefix that is not what it claims to be", () => {
    const svg = drawMonument({ ...base, graniteColour: `red" onload="x`, speckles: [`#fff" x="`], idPrefix: `a"b<c` });
    expect(svg).not.toContain("onload");
    expect(svg).toContain("#8a8c8e");
    expect(svg).toContain('id="abc-g"');
  });

  it("prints gold or white lettering in the chosen letter style", () => {
    expect(drawMonument(base)).toContain('fill="#d4af37"');
    const white = drawMonument({ ...base, engraving: { lines: ["X"], font: "english", colour: "white" } });
    expect(white).toContain('fill="#f4f1ea"');
    expect(white).toContain('font-style="italic"');
  });

  it("draws a flat slab without a stèle, its engraving on the slab", () => {
    const svg = drawMonument({ ...base, shape: "flat", steleHeightCm: 0 });
    expect(svg).toContain(">Famille Martin<");
  });
});

describe("layoutEngraving", () => {
  const box = { x: 0, y: 0, width: 100, height: 60 };

  it("shrinks a long line until it fits the width of the stone", () => {
    const long = "Ici repose notre mère et grand-mère bien-aimée Jeanne";
    const layout = layoutEngraving([long], "roman", box, 20);
    expect(layout.fontSize).toBeLessThan(20);
    expect(estimateTextWidthEm(long) * 1.08 * layout.fontSize).toBeLessThanOrEqual(box.width + 0.001);
  });

  it("shrinks many lines until they fit the height, keeping them inside the box", () => {
    const layout = layoutEngraving(["A", "B", "C", "D", "E", "F"], "sans", box, 20);
    expect(layout.fontSize * 6 * 1.3).toBeLessThanOrEqual(box.height + 0.001);
    for (const line of layout.lines) {
      expect(line.y).toBeGreaterThan(box.y);
      expect(line.y).toBeLessThanOrEqual(box.y + box.height);
    }
  });

  it("keeps short text at the largest size and drops trailing empty lines", () => {
    const layout = layoutEngraving(["Léa", "", "  "], "roman", box, 12);
    expect(layout.fontSize).toBe(12);
    expect(layout.lines).toHaveLength(1);
    expect(layoutEngraving([], "roman", box, 12).lines).toHaveLength(0);
  });

  it("counts wide scripts as wider", () => {
    expect(estimateTextWidthEm("永远怀念")).toBeGreaterThan(estimateTextWidthEm("abcd"));
  });
});

describe("escapeSvgText", () => {
  it("keeps accents, Arabic and emoji pairs and removes what XML cannot hold", () => {
    expect(escapeSvgText("Élise – رحمه الله 🌹")).toBe("Élise – رحمه الله 🌹");
    expect(escapeSvgText("a\u0001b\uDC00c")).toBe("abc");
  });
});
