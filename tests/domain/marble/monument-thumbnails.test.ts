import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MONUMENT_MODELS } from "@/domain/marble/products";
import { drawConfiguredMonument, monumentDrawingInput, monumentThumbnailSvg } from "@/domain/marble/monument-view";

describe("monument thumbnails", () => {
  it("has a committed drawing for each of the 30 models, exactly what the generator draws (npm run monuments:thumbnails)", () => {
    expect(MONUMENT_MODELS.length).toBeGreaterThanOrEqual(30);
    for (const model of MONUMENT_MODELS) {
      const file = readFileSync(join(process.cwd(), "public", "catalogue", "monuments", `${model.code}.svg`), "utf8");
      expect(file, model.code).toBe(`${monumentThumbnailSvg(model.code)}\n`);
    }
  });

  it("draws the configuration's own granite, finish, lettering and accessories", () => {
    const input = monumentDrawingInput({
      model_code: "MON-CRO-LATINE",
      granite_code: "GRA-HIMALAYA",
      finish_code: "FIN-FLAMME",
      engraving: { font: "gothic", gilded: false, lines: ["Jeanne"] },
      accessories: [{ code: "ACC-MON-VASE" }, { code: "ACC-MON-PHOTO" }, { code: "UNKNOWN" }],
      options: ["installation"],
    });
    expect(input).toMatchObject({ shape: "cross", size: "single", graniteColour: "#8e7f76", veins: true, finish: "flamed", sole: false });
    expect(input.engraving).toEqual({ lines: ["Jeanne"], font: "gothic", colour: "white" });
    expect(input.accessories).toEqual(["vase", "photo"]);
    expect(drawConfiguredMonument({ model_code: "MON-CRO-LATINE", granite_code: null })).toContain("<svg");
  });
});
