import { FINISH_STYLE_BY_CODE, drawMonument, type DrawingAccessory, type MonumentDrawingInput } from "@/domain/marble/monument-drawing";
import { ACCESSORIES, GRANITES, MONUMENT_MODELS, type MonumentModelSeed } from "@/domain/marble/products";

/**
 * From the configurator's codes to the drawing: the one place that knows which shape, size,
 * colour and accessory each catalogue code stands for, so the preview, the thumbnails and the
 * quote PDF draw the same monument.
 */

export interface DrawableConfiguration {
  model_code: string | null;
  granite_code: string | null;
  finish_code?: string | null;
  engraving?: { font: "roman" | "english" | "sans" | "gothic"; gilded: boolean; lines: readonly string[] } | null;
  accessories?: readonly { code: string }[];
  options?: readonly string[];
}

/** The granite every thumbnail is drawn in: the reference one the catalogue prices from. */
export const THUMBNAIL_GRANITE_CODE = "GRA-GRIS-TARN";

export function monumentModel(code: string | null | undefined): MonumentModelSeed | null {
  return MONUMENT_MODELS.find((model) => model.code === code) ?? null;
}

export function monumentDrawingInput(configuration: DrawableConfiguration, extra: { title?: string; idPrefix?: string } = {}): MonumentDrawingInput {
  const model = monumentModel(configuration.model_code) ?? MONUMENT_MODELS[0]!;
  const granite = GRANITES.find((g) => g.code === configuration.granite_code) ?? GRANITES.find((g) => g.code === THUMBNAIL_GRANITE_CODE)!;
  const accessories = (configuration.accessories ?? [])
    .map((item) => ACCESSORIES.find((a) => a.code === item.code)?.kind)
    .filter((kind): kind is DrawingAccessory => kind !== undefined);
  return {
    shape: model.shape,
    size: model.size,
    steleHeightCm: model.stele_height_cm,
    graniteColour: granite.swatch,
    veins: granite.colour_family === "multicolour",
    finish: FINISH_STYLE_BY_CODE[configuration.finish_code ?? ""] ?? "polished",
    // a sole is drawn unless the options were chosen and left it out
    sole: configuration.options ? configuration.options.length === 0 || configuration.options.includes("sole") : true,
    engraving: configuration.engraving
      ? { lines: configuration.engraving.lines, font: configuration.engraving.font, colour: configuration.engraving.gilded ? "gold" : "white" }
      : undefined,
    accessories,
    ...extra,
  };
}

export function drawConfiguredMonument(configuration: DrawableConfiguration, extra: { title?: string; idPrefix?: string } = {}): string {
  return drawMonument(monumentDrawingInput(configuration, extra));
}

/** The catalogue thumbnail of a model: polished, in the reference granite, no engraving. */
export function monumentThumbnailSvg(code: string): string {
  return drawConfiguredMonument({ model_code: code, granite_code: THUMBNAIL_GRANITE_CODE }, { idPrefix: code.toLowerCase() });
}

/** Where a model's thumbnail is published (public/catalogue/monuments/<code>.svg). */
export function monumentThumbnailPath(code: string): string {
  return `/catalogue/monuments/${code}.svg`;
}
