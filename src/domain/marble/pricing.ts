import {
  ENGRAVING_GILDING_CODE,
  ENGRAVING_LETTER_CODE,
  FINISH_SIZE_FACTOR_BP,
  MONUMENT_CATEGORIES,
  MONUMENT_SIZES,
  optionCode,
  type EngravingFont,
  type MonumentOption,
  type MonumentSize,
} from "@/domain/marble/products";
import { vatOfBp } from "@/domain/quote/money";

// The importers of the monument pricing find the shared VAT rule here too.
export { vatOfBp };

/**
 * Prices a configured monument from catalogue rows (the products table). Pure: the server
 * reads the rows and calls this, the browser may call it with the rows the API listed to show
 * a live price, and only the server's result is ever stored or quoted.
 *
 * Rounding: one rule, as in the funeral quote — VAT per line from the line's amount excluding
 * tax, rounded half-up to the cent; every total is the plain sum of its lines.
 */

/** A products row as the API lists it (GET /api/v1/marble_funnel/filters → catalogue). */
export interface MonumentCatalogueRow {
  code: string;
  name: string;
  category: string;
  price_ht_cents: number;
  vat_rate_bp: number;
  attributes: Record<string, unknown>;
}

export interface MonumentConfiguration {
  model_code: string;
  granite_code: string;
  finish_code: string;
  engraving: { font: EngravingFont; gilded: boolean; lines: string[] } | null;
  accessories: { code: string; quantity: number }[];
  options: MonumentOption[];
}

export const MONUMENT_LINE_KINDS = ["model", "finish", "engraving", "gilding", "accessory", "option"] as const;
export type MonumentLineKind = (typeof MONUMENT_LINE_KINDS)[number];

export interface MonumentLine {
  kind: MonumentLineKind;
  /** Product code the line is priced from; pages translate by it. */
  code: string;
  /** The product's French name, as the quote PDF prints it. */
  label: string;
  /** For the model line: the granite it is cut in. */
  granite_code: string | null;
  quantity: number;
  unit_price_ht_cents: number;
  vat_rate_bp: number;
  total_ht_cents: number;
  total_vat_cents: number;
  total_ttc_cents: number;
}

export interface MonumentTotals {
  ht_cents: number;
  vat_cents: number;
  ttc_cents: number;
  /** VAT per rate, sorted by rate: what the PDF's VAT summary prints. */
  vat_by_rate: { vat_rate_bp: number; base_ht_cents: number; vat_cents: number }[];
}

export interface MonumentPricing {
  size: MonumentSize;
  lines: MonumentLine[];
  totals: MonumentTotals;
}

export const MONUMENT_PRICING_ERRORS = [
  "monument__model__unknown",
  "monument__granite__unknown",
  "monument__finish__unknown",
  "monument__accessory__unknown",
  "monument__option__unavailable",
  "monument__engraving__unavailable",
] as const;
export type MonumentPricingError = (typeof MONUMENT_PRICING_ERRORS)[number];

export type MonumentPricingResult = { ok: true; pricing: MonumentPricing } | { ok: false; errors: MonumentPricingError[] };


/** Letters the mason engraves and bills: every character but spaces (punctuation is cut too). */
export function engravedLetterCount(lines: readonly string[]): number {
  let count = 0;
  for (const line of lines) for (const char of line) if (!/\s/u.test(char)) count += 1;
  return count;
}

/** A basis-point multiplication rounded half-up to the cent. */
function scaleBp(cents: number, factorBp: number): number {
  return Math.floor((cents * factorBp + 5000) / 10000);
}

function line(kind: MonumentLineKind, row: MonumentCatalogueRow, quantity: number, unitHt: number, graniteCode: string | null = null): MonumentLine {
  const totalHt = unitHt * quantity;
  const vat = vatOfBp(totalHt, row.vat_rate_bp);
  return {
    kind,
    code: row.code,
    label: row.name,
    granite_code: graniteCode,
    quantity,
    unit_price_ht_cents: unitHt,
    vat_rate_bp: row.vat_rate_bp,
    total_ht_cents: totalHt,
    total_vat_cents: vat,
    total_ttc_cents: totalHt + vat,
  };
}

export function monumentSizeOf(row: MonumentCatalogueRow): MonumentSize {
  const size = row.attributes.size;
  return (MONUMENT_SIZES as readonly unknown[]).includes(size) ? (size as MonumentSize) : "single";
}

export function graniteFactorBp(row: MonumentCatalogueRow): number {
  const factor = row.attributes.price_factor_bp;
  return typeof factor === "number" && Number.isInteger(factor) && factor > 0 ? factor : 10000;
}

export function sumTotals(lines: readonly MonumentLine[]): MonumentTotals {
  const byRate = new Map<number, { base: number; vat: number }>();
  let ht = 0;
  let vat = 0;
  for (const l of lines) {
    ht += l.total_ht_cents;
    vat += l.total_vat_cents;
    const bucket = byRate.get(l.vat_rate_bp) ?? { base: 0, vat: 0 };
    bucket.base += l.total_ht_cents;
    bucket.vat += l.total_vat_cents;
    byRate.set(l.vat_rate_bp, bucket);
  }
  return {
    ht_cents: ht,
    vat_cents: vat,
    ttc_cents: ht + vat,
    vat_by_rate: [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, b]) => ({ vat_rate_bp: rate, base_ht_cents: b.base, vat_cents: b.vat })),
  };
}

/** Prices a configuration; unknown or mismatched codes answer error codes instead of a price. */
export function priceMonument(config: MonumentConfiguration, catalogue: readonly MonumentCatalogueRow[]): MonumentPricingResult {
  const byCode = new Map(catalogue.map((row) => [row.code, row]));
  const find = (code: string, category: string) => {
    const row = byCode.get(code);
    return row && row.category === category ? row : undefined;
  };
  const errors = new Set<MonumentPricingError>();
  const model = find(config.model_code, MONUMENT_CATEGORIES.model);
  const granite = find(config.granite_code, MONUMENT_CATEGORIES.granite);
  const finish = find(config.finish_code, MONUMENT_CATEGORIES.finish);
  if (!model) errors.add("monument__model__unknown");
  if (!granite) errors.add("monument__granite__unknown");
  if (!finish) errors.add("monument__finish__unknown");
  const size = model ? monumentSizeOf(model) : "single";
  const lines: MonumentLine[] = [];

  if (model && granite) lines.push(line("model", model, 1, scaleBp(model.price_ht_cents, graniteFactorBp(granite)), granite.code));
  if (finish) lines.push(line("finish", finish, 1, scaleBp(finish.price_ht_cents, FINISH_SIZE_FACTOR_BP[size])));

  const letters = config.engraving ? engravedLetterCount(config.engraving.lines) : 0;
  if (letters > 0 && config.engraving) {
    const letter = find(ENGRAVING_LETTER_CODE, MONUMENT_CATEGORIES.engraving);
    const gilding = find(ENGRAVING_GILDING_CODE, MONUMENT_CATEGORIES.engraving);
    if (!letter || (config.engraving.gilded && !gilding)) errors.add("monument__engraving__unavailable");
    else {
      lines.push(line("engraving", letter, letters, letter.price_ht_cents));
      if (config.engraving.gilded && gilding) lines.push(line("gilding", gilding, letters, gilding.price_ht_cents));
    }
  }

  // The same accessory chosen twice is one line with the quantities added.
  const accessories = new Map<string, number>();
  for (const a of config.accessories) accessories.set(a.code, (accessories.get(a.code) ?? 0) + a.quantity);
  for (const [code, quantity] of accessories) {
    const row = find(code, MONUMENT_CATEGORIES.accessory);
    if (!row) errors.add("monument__accessory__unknown");
    else if (quantity > 0) lines.push(line("accessory", row, quantity, row.price_ht_cents));
  }

  for (const option of new Set(config.options)) {
    const row = find(optionCode(option, size), MONUMENT_CATEGORIES.option);
    if (!row) errors.add("monument__option__unavailable");
    else lines.push(line("option", row, 1, row.price_ht_cents));
  }

  if (errors.size > 0) return { ok: false, errors: [...errors] };
  return { ok: true, pricing: { size, lines, totals: sumTotals(lines) } };
}
