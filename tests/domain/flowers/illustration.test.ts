import { existsSync, readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_ARRANGEMENTS } from "@/domain/flowers/arrangements";
import { flowerPicturePath } from "@/domain/flowers/catalogue";
import { drawArrangement, illustrationFile } from "@/domain/flowers/illustration";

describe("flowers catalogue pictures", () => {
  it("has a committed picture for every seeded arrangement, equal to what the generator draws", () => {
    for (const arrangement of DEMO_ARRANGEMENTS) {
      const file = illustrationFile(arrangement.code);
      expect(`public${flowerPicturePath(arrangement.code)}`).toBe(file);
      expect(existsSync(file), `${file} missing: run npx tsx scripts/draw-flowers.ts`).toBe(true);
      expect(readFileSync(file, "utf8"), `${file} is stale: run npx tsx scripts/draw-flowers.ts`).toBe(drawArrangement(arrangement));
    }
  });

  it("keeps no picture of a product that no longer exists", () => {
    const codes = new Set(DEMO_ARRANGEMENTS.map((a) => `${a.code}.svg`));
    expect(readdirSync("public/catalogue/fleurs").filter((name) => !codes.has(name))).toEqual([]);
  });

  it("draws a small self-contained SVG, deterministic, different per product", () => {
    const svgs = DEMO_ARRANGEMENTS.map((a) => drawArrangement(a));
    for (const svg of svgs) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
      expect(svg).not.toMatch(/<script|<image|<foreignObject/i);
      expect(Buffer.byteLength(svg)).toBeLessThan(16_384);
    }
    expect(new Set(svgs).size).toBe(svgs.length);
    const first = DEMO_ARRANGEMENTS[0];
    expect(drawArrangement(first)).toBe(drawArrangement(first));
  });
});
