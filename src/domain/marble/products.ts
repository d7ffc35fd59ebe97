/**
 * The monument configurator's vocabulary and its demonstration product codes (issue 13).
 *
 * Codes are the contract between the database rows (seeded from this file), the pricing
 * function, the API and the pages: the pages draw and translate by code and by the shape,
 * size, colour family and kind given here; the prices here only seed the database — the
 * server always prices from the rows it reads, never from this file or from the browser.
 * Prices are excluding VAT (HT), in euros, 20 % VAT, demo figures true to the French market.
 */

/** Shape families the drawing module knows. */
export const MONUMENT_SHAPES = ["traditional", "contemporary", "cross", "heart", "book", "flat", "cinerary"] as const;
export type MonumentShape = (typeof MONUMENT_SHAPES)[number];

/** Footprints: a cinerary monument stands on an urn grave, a single one on one plot, a double one on two. */
export const MONUMENT_SIZES = ["cinerary", "single", "double"] as const;
export type MonumentSize = (typeof MONUMENT_SIZES)[number];

/** Footprint in centimetres (width × length) of each size, as marble masons quote them. */
export const MONUMENT_SIZE_DIMENSIONS: Record<MonumentSize, { width_cm: number; length_cm: number }> = {
  cinerary: { width_cm: 80, length_cm: 80 },
  single: { width_cm: 100, length_cm: 200 },
  double: { width_cm: 140, length_cm: 220 },
};

export const GRANITE_COLOUR_FAMILIES = ["grey", "black", "pink", "blue", "brown", "red", "multicolour"] as const;
export type GraniteColourFamily = (typeof GRANITE_COLOUR_FAMILIES)[number];

/** Letter styles the masons engrave (romaine, anglaise, bâton, gothique). */
export const ENGRAVING_FONTS = ["roman", "english", "sans", "gothic"] as const;
export type EngravingFont = (typeof ENGRAVING_FONTS)[number];

/** Work around the monument itself, each priced per size. */
export const MONUMENT_OPTIONS = ["sole", "foundation", "installation", "removal"] as const;
export type MonumentOption = (typeof MONUMENT_OPTIONS)[number];

export const ACCESSORY_KINDS = ["vase", "planter", "plaque", "photo", "cross", "lantern", "book", "soliflore"] as const;
export type AccessoryKind = (typeof ACCESSORY_KINDS)[number];

/** Product categories of the monument catalogue in the products table. */
export const MONUMENT_CATEGORIES = {
  model: "monument_model",
  granite: "monument_granite",
  finish: "monument_finish",
  engraving: "monument_engraving",
  accessory: "monument_accessory",
  option: "monument_option",
} as const;
export type MonumentCategory = (typeof MONUMENT_CATEGORIES)[keyof typeof MONUMENT_CATEGORIES];

export const ENGRAVING_LETTER_CODE = "ENG-LETTRE";
export const ENGRAVING_GILDING_CODE = "ENG-DORURE";

/** Engraving limits: what fits on a stèle in letters a visitor can read. */
export const ENGRAVING_MAX_LINES = 6;
export const ENGRAVING_LINE_MAX = 40;
export const ACCESSORY_MAX_QUANTITY = 4;

/** How long a monument quote holds its prices. */
export const MONUMENT_QUOTE_VALIDITY_MONTHS = 3;

/** Code of an option's row for a size, e.g. OPT-POSE-SINGLE. */
export function optionCode(option: MonumentOption, size: MonumentSize): string {
  return `OPT-${OPTION_CODE_STEMS[option]}-${size.toUpperCase()}`;
}
const OPTION_CODE_STEMS: Record<MonumentOption, string> = { sole: "SEMELLE", foundation: "FONDATION", installation: "POSE", removal: "DEPOSE" };

export interface MonumentModelSeed {
  code: string;
  name: string;
  shape: MonumentShape;
  size: MonumentSize;
  /** Height of the stèle in cm (0: a flat slab without one). */
  stele_height_cm: number;
  /** Price in the reference granite (factor 1.00), euros HT. */
  euros: number;
}

export const MONUMENT_MODELS: readonly MonumentModelSeed[] = [
  { code: "MON-TRA-SOBRIETE", name: "Sobriété", shape: "traditional", size: "single", stele_height_cm: 80, euros: 1690 },
  { code: "MON-TRA-TRADITION", name: "Tradition", shape: "traditional", size: "single", stele_height_cm: 90, euros: 1890 },
  { code: "MON-TRA-CLASSIQUE", name: "Classique", shape: "traditional", size: "single", stele_height_cm: 85, euros: 1790 },
  { code: "MON-TRA-CHAPELLE", name: "Chapelle", shape: "traditional", size: "single", stele_height_cm: 110, euros: 2490 },
  { code: "MON-TRA-PATRIMOINE", name: "Patrimoine", shape: "traditional", size: "single", stele_height_cm: 100, euros: 2290 },
  { code: "MON-TRA-TRADITION-D", name: "Tradition double", shape: "traditional", size: "double", stele_height_cm: 95, euros: 2790 },
  { code: "MON-TRA-PATRIMOINE-D", name: "Patrimoine double", shape: "traditional", size: "double", stele_height_cm: 105, euros: 3290 },
  { code: "MON-TRA-FAMILLE-D", name: "Famille", shape: "traditional", size: "double", stele_height_cm: 110, euros: 3590 },
  { code: "MON-CON-HORIZON", name: "Horizon", shape: "contemporary", size: "single", stele_height_cm: 70, euros: 1990 },
  { code: "MON-CON-VAGUE", name: "Vague", shape: "contemporary", size: "single", stele_height_cm: 85, euros: 2390 },
  { code: "MON-CON-ELEGANCE", name: "Élégance", shape: "contemporary", size: "single", stele_height_cm: 95, euros: 2550 },
  { code: "MON-CON-EPURE", name: "Épure", shape: "contemporary", size: "single", stele_height_cm: 75, euros: 2090 },
  { code: "MON-CON-AUBE", name: "Aube", shape: "contemporary", size: "single", stele_height_cm: 90, euros: 2490 },
  { code: "MON-CON-HORIZON-D", name: "Horizon double", shape: "contemporary", size: "double", stele_height_cm: 75, euros: 2990 },
  { code: "MON-CON-VAGUE-D", name: "Vague double", shape: "contemporary", size: "double", stele_height_cm: 90, euros: 3490 },
  { code: "MON-CON-ENVOL-D", name: "Envol", shape: "contemporary", size: "double", stele_height_cm: 100, euros: 3890 },
  { code: "MON-CRO-LATINE", name: "Croix latine", shape: "cross", size: "single", stele_height_cm: 110, euros: 1990 },
  { code: "MON-CRO-CELTIQUE", name: "Croix celtique", shape: "cross", size: "single", stele_height_cm: 115, euros: 2390 },
  { code: "MON-CRO-LATINE-D", name: "Croix latine double", shape: "cross", size: "double", stele_height_cm: 120, euros: 3090 },
  { code: "MON-COE-TENDRESSE", name: "Tendresse", shape: "heart", size: "single", stele_height_cm: 80, euros: 2190 },
  { code: "MON-LIV-MEMOIRE", name: "Mémoire", shape: "book", size: "single", stele_height_cm: 60, euros: 2290 },
  { code: "MON-LIV-MEMOIRE-D", name: "Mémoire double", shape: "book", size: "double", stele_height_cm: 65, euros: 3190 },
  { code: "MON-DAL-ESSENTIEL", name: "Essentiel", shape: "flat", size: "single", stele_height_cm: 0, euros: 1540 },
  { code: "MON-DAL-ESSENTIEL-D", name: "Essentiel double", shape: "flat", size: "double", stele_height_cm: 0, euros: 2540 },
  { code: "MON-CIN-CUBE", name: "Cube cinéraire", shape: "cinerary", size: "cinerary", stele_height_cm: 50, euros: 760 },
  { code: "MON-CIN-STELE", name: "Stèle cinéraire", shape: "cinerary", size: "cinerary", stele_height_cm: 70, euros: 790 },
  { code: "MON-CIN-COEUR", name: "Cœur cinéraire", shape: "heart", size: "cinerary", stele_height_cm: 55, euros: 890 },
  { code: "MON-CIN-LIVRE", name: "Livre cinéraire", shape: "book", size: "cinerary", stele_height_cm: 45, euros: 850 },
  { code: "MON-CIN-GALET", name: "Galet cinéraire", shape: "contemporary", size: "cinerary", stele_height_cm: 50, euros: 950 },
  { code: "MON-CIN-CROIX", name: "Croix cinéraire", shape: "cross", size: "cinerary", stele_height_cm: 75, euros: 1090 },
];

export interface GraniteSeed {
  code: string;
  name: string;
  colour_family: GraniteColourFamily;
  /** ISO 3166-1 alpha-2 code of the quarry's country. */
  origin_country: string;
  /** Quarry region, as the trade names it. */
  origin_region: string;
  /** Multiplier of a model's reference price, in basis points (10000 = ×1.00). */
  price_factor_bp: number;
  /** Hex colour the drawing uses; an approximation of the polished stone. */
  swatch: string;
}

export const GRANITES: readonly GraniteSeed[] = [
  { code: "GRA-GRIS-TARN", name: "Gris du Tarn", colour_family: "grey", origin_country: "fr", origin_region: "Tarn (Sidobre)", price_factor_bp: 10000, swatch: "#8a8c8e" },
  { code: "GRA-NOIR-FIN", name: "Noir fin (Nero Zimbabwe)", colour_family: "black", origin_country: "zw", origin_region: "Mashonaland", price_factor_bp: 13500, swatch: "#1c1c1e" },
  { code: "GRA-ABSOLUTE-BLACK", name: "Absolute Black", colour_family: "black", origin_country: "in", origin_region: "Karnataka", price_factor_bp: 12500, swatch: "#141416" },
  { code: "GRA-ROSE-CLARTE", name: "Rose de la Clarté", colour_family: "pink", origin_country: "fr", origin_region: "Bretagne (Perros-Guirec)", price_factor_bp: 13000, swatch: "#b98a7e" },
  { code: "GRA-HIMALAYA", name: "Himalaya", colour_family: "multicolour", origin_country: "in", origin_region: "Tamil Nadu", price_factor_bp: 10500, swatch: "#8e7f76" },
  { code: "GRA-BLEU-LANHELIN", name: "Bleu de Lanhélin", colour_family: "blue", origin_country: "fr", origin_region: "Bretagne (Ille-et-Vilaine)", price_factor_bp: 12000, swatch: "#5f6670" },
  { code: "GRA-VIZAG-BLUE", name: "Vizag Blue", colour_family: "blue", origin_country: "in", origin_region: "Andhra Pradesh", price_factor_bp: 11500, swatch: "#4f5868" },
  { code: "GRA-IMPALA", name: "Impala", colour_family: "grey", origin_country: "za", origin_region: "Bushveld", price_factor_bp: 11000, swatch: "#3e4143" },
  { code: "GRA-ORION", name: "Orion", colour_family: "multicolour", origin_country: "in", origin_region: "Tamil Nadu", price_factor_bp: 11500, swatch: "#6c6a6b" },
  { code: "GRA-ROSE-PORRINO", name: "Rose Porriño", colour_family: "pink", origin_country: "es", origin_region: "Galice", price_factor_bp: 10500, swatch: "#c79a8b" },
  { code: "GRA-MULTICOLOR-RED", name: "Multicolor Red", colour_family: "red", origin_country: "in", origin_region: "Karnataka", price_factor_bp: 11000, swatch: "#7d3b33" },
  { code: "GRA-BLUE-PEARL", name: "Labrador Blue Pearl", colour_family: "blue", origin_country: "no", origin_region: "Larvik", price_factor_bp: 14500, swatch: "#3d4a5c" },
  { code: "GRA-PARADISO", name: "Paradiso", colour_family: "brown", origin_country: "in", origin_region: "Tamil Nadu", price_factor_bp: 11000, swatch: "#5a4a4e" },
];

export interface FinishSeed {
  code: string;
  name: string;
  /** Supplement for a single-size monument, euros HT; cinerary and double sizes scale it (see FINISH_SIZE_FACTOR_BP). */
  euros: number;
}

/** Polished is the standard finish; the others are worked by hand or flame and cost more. */
export const FINISHES: readonly FinishSeed[] = [
  { code: "FIN-POLI", name: "Poli miroir", euros: 0 },
  { code: "FIN-ADOUCI", name: "Adouci (mat)", euros: 180 },
  { code: "FIN-FLAMME", name: "Flammé", euros: 240 },
  { code: "FIN-BOUCHARDE", name: "Bouchardé", euros: 290 },
  { code: "FIN-SCIE", name: "Scié brut", euros: 120 },
];

/** A finish covers more stone on a double monument and less on a cinerary one (basis points of the single price). */
export const FINISH_SIZE_FACTOR_BP: Record<MonumentSize, number> = { cinerary: 5000, single: 10000, double: 15000 };

export interface AccessorySeed {
  code: string;
  name: string;
  kind: AccessoryKind;
  euros: number;
}

export const ACCESSORIES: readonly AccessorySeed[] = [
  { code: "ACC-MON-VASE", name: "Vase en granit", kind: "vase", euros: 160 },
  { code: "ACC-MON-JARDINIERE", name: "Jardinière en granit", kind: "planter", euros: 220 },
  { code: "ACC-MON-PLAQUE", name: "Plaque en granit gravée", kind: "plaque", euros: 125 },
  { code: "ACC-MON-PHOTO", name: "Photo-céramique ovale 9 × 12 cm", kind: "photo", euros: 125 },
  { code: "ACC-MON-CROIX", name: "Croix en bronze", kind: "cross", euros: 150 },
  { code: "ACC-MON-LANTERNE", name: "Lanterne funéraire en bronze", kind: "lantern", euros: 110 },
  { code: "ACC-MON-LIVRE", name: "Livre ouvert en granit", kind: "book", euros: 140 },
  { code: "ACC-MON-SOLIFLORE", name: "Soliflore en granit", kind: "soliflore", euros: 70 },
];

export interface OptionSeed {
  option: MonumentOption;
  name: string;
  euros: Record<MonumentSize, number>;
}

export const OPTIONS: readonly OptionSeed[] = [
  { option: "sole", name: "Semelle en granit", euros: { cinerary: 190, single: 450, double: 690 } },
  { option: "foundation", name: "Fondation en béton armé", euros: { cinerary: 150, single: 390, double: 590 } },
  { option: "installation", name: "Transport et pose au cimetière", euros: { cinerary: 190, single: 390, double: 550 } },
  { option: "removal", name: "Dépose et évacuation de l'ancien monument", euros: { cinerary: 150, single: 350, double: 490 } },
];

export const ENGRAVING_PRICES = [
  { code: ENGRAVING_LETTER_CODE, name: "Gravure (par lettre)", euros: 12.5 },
  { code: ENGRAVING_GILDING_CODE, name: "Dorure à la feuille d'or (par lettre)", euros: 4.5 },
] as const;
