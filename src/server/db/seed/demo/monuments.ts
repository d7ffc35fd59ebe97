import { sql } from "drizzle-orm";
import {
  ACCESSORIES,
  ENGRAVING_PRICES,
  FINISHES,
  GRANITES,
  MONUMENT_CATEGORIES,
  MONUMENT_MODELS,
  MONUMENT_SIZE_DIMENSIONS,
  MONUMENT_SIZES,
  OPTIONS,
  optionCode,
} from "@/domain/marble/products";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { products } from "@/server/db/schema/catalog";
import { supplierWarehouseProducts } from "@/server/db/schema/suppliers";
import { insertInBatches } from "@/server/db/seed/batch";
import { createRandom } from "@/server/db/seed/random";

/**
 * The monument catalogue (issue 13): 30 models, 13 granites, finishes, engraving, accessories
 * and work options, all demo rows at 20 % VAT, from src/domain/marble/products.ts; then what
 * each demo marble mason's workshop holds, with stock and lead time.
 */

const VAT_BP = 2000;
const cents = (euros: number) => Math.round(euros * 100);

export function monumentProductRows(): (typeof products.$inferInsert)[] {
  const base = { vatRateBp: VAT_BP, demo: true, active: true } as const;
  return [
    ...MONUMENT_MODELS.map((m) => ({
      ...base,
      code: m.code,
      name: `Monument « ${m.name} »`,
      category: MONUMENT_CATEGORIES.model,
      priceCents: cents(m.euros),
      attributes: { shape: m.shape, size: m.size, ...MONUMENT_SIZE_DIMENSIONS[m.size], stele_height_cm: m.stele_height_cm },
    })),
    ...GRANITES.map((g) => ({
      ...base,
      code: g.code,
      name: g.name,
      category: MONUMENT_CATEGORIES.granite,
      // A granite is priced through the model it is cut into (price_factor_bp), not on its own.
      priceCents: 0,
      attributes: { colour_family: g.colour_family, origin_country: g.origin_country, origin_region: g.origin_region, price_factor_bp: g.price_factor_bp, swatch: g.swatch },
    })),
    ...FINISHES.map((f) => ({ ...base, code: f.code, name: `Finition ${f.name.toLowerCase()}`, category: MONUMENT_CATEGORIES.finish, priceCents: cents(f.euros), attributes: {} })),
    ...ENGRAVING_PRICES.map((e) => ({ ...base, code: e.code, name: e.name, category: MONUMENT_CATEGORIES.engraving, priceCents: cents(e.euros), unit: "letter", attributes: {} })),
    ...ACCESSORIES.map((a) => ({ ...base, code: a.code, name: a.name, category: MONUMENT_CATEGORIES.accessory, priceCents: cents(a.euros), attributes: { kind: a.kind } })),
    ...OPTIONS.flatMap((o) =>
      MONUMENT_SIZES.map((size) => ({
        ...base,
        code: optionCode(o.option, size),
        name: `${o.name} (${size === "cinerary" ? "monument cinéraire" : size === "single" ? "monument simple" : "monument double"})`,
        category: MONUMENT_CATEGORIES.option,
        priceCents: cents(o.euros[size]),
        attributes: { option: o.option, size },
      })),
    ),
  ];
}

export async function seedMonumentProducts(db: Db): Promise<number> {
  const rows = monumentProductRows();
  await insertInBatches(db, products, rows);
  return rows.length;
}

/** French granites come from the quarry in weeks; imported ones add the sea freight. */
const FRENCH_GRANITE_DAYS: [number, number] = [21, 35];
const IMPORTED_GRANITE_DAYS: [number, number] = [49, 77];

/**
 * Every demo marble mason's workshop offers every model and most granites. A model in stock
 * (cut, waiting for its engraving) is installed sooner; a granite's lead time is the delay to
 * get the stone. Its own random sequence, so the rest of the demo data does not shift.
 */
export async function seedMonumentStock(db: Db): Promise<number> {
  const random = createRandom(13_130_013);
  const workshops = await queryRows<{ id: number }>(
    db,
    sql`SELECT w.id FROM supplier_warehouses w JOIN suppliers s ON s.id = w.supplier_id WHERE s.dependencies @> '["marble"]'::jsonb ORDER BY w.id`,
  );
  const ids = new Map(
    (await queryRows<{ id: number; code: string }>(db, sql`SELECT id, code FROM products WHERE category IN (${MONUMENT_CATEGORIES.model}, ${MONUMENT_CATEGORIES.granite})`)).map((p) => [p.code, p.id]),
  );
  const rows: (typeof supplierWarehouseProducts.$inferInsert)[] = [];
  for (const workshop of workshops) {
    for (const model of MONUMENT_MODELS) {
      const stock = random.next() < 0.4 ? random.int(1, 3) : 0;
      rows.push({
        warehouseId: workshop.id,
        productId: ids.get(model.code)!,
        // The workshop's own cost of the piece, about 60 % of the public price.
        priceCents: Math.round((cents(model.euros) * 0.6) / 500) * 500,
        stock,
        leadTimeDays: stock > 0 ? random.int(14, 28) : random.int(35, 56),
        available: true,
      });
    }
    for (const granite of GRANITES) {
      // A workshop does not work every stone: about one in ten is not offered there.
      const offered = random.next() >= 0.1;
      const [min, max] = granite.origin_country === "fr" ? FRENCH_GRANITE_DAYS : IMPORTED_GRANITE_DAYS;
      rows.push({
        warehouseId: workshop.id,
        productId: ids.get(granite.code)!,
        priceCents: 0,
        stock: offered ? random.int(0, 8) : 0,
        leadTimeDays: random.int(min, max),
        available: offered,
      });
    }
  }
  await insertInBatches(db, supplierWarehouseProducts, rows);
  return rows.length;
}
