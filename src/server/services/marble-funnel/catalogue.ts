import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  ACCESSORY_KINDS,
  ENGRAVING_FONTS,
  ENGRAVING_LINE_MAX,
  ENGRAVING_MAX_LINES,
  FINISH_SIZE_FACTOR_BP,
  GRANITE_COLOUR_FAMILIES,
  MONUMENT_CATEGORIES,
  MONUMENT_OPTIONS,
  MONUMENT_QUOTE_VALIDITY_MONTHS,
  MONUMENT_SHAPES,
  MONUMENT_SIZE_DIMENSIONS,
  MONUMENT_SIZES,
  type GraniteColourFamily,
} from "@/domain/marble/products";
import { graniteFactorBp, vatOfBp, type MonumentCatalogueRow } from "@/domain/marble/pricing";
import type { MarbleFilters } from "@/domain/schemas/marble-funnel";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { products } from "@/server/db/schema/catalog";
import { concessionTypes, graveyards } from "@/server/db/schema/partners";
import { ApiError } from "@/server/http/errors";

/** Every active monument row, as the pricing function reads it, and whether any is a demo row. */
export async function loadMonumentCatalogue(db: Db): Promise<{ rows: MonumentCatalogueRow[]; demo: boolean }> {
  const found = await db
    .select({ code: products.code, name: products.name, category: products.category, priceCents: products.priceCents, vatRateBp: products.vatRateBp, attributes: products.attributes, demo: products.demo })
    .from(products)
    .where(and(inArray(products.category, Object.values(MONUMENT_CATEGORIES)), eq(products.active, true)))
    .orderBy(asc(products.category), asc(products.priceCents), asc(products.code));
  return {
    rows: found.map((r) => ({ code: r.code, name: r.name, category: r.category, price_ht_cents: r.priceCents, vat_rate_bp: r.vatRateBp, attributes: r.attributes })),
    demo: found.some((r) => r.demo),
  };
}

const ttcOf = (ht: number, bp: number) => ht + vatOfBp(ht, bp);
const scale = (cents: number, bp: number) => Math.floor((cents * bp + 5000) / 10000);

/** A graveyard and the kinds of plot it grants, for the configurator's cemetery step. */
export async function graveyardWithConcessions(db: Db, graveyardId: number): Promise<MarbleFilters["graveyard"]> {
  const [yard] = await db
    .select({ id: graveyards.id, name: graveyards.name, city: graveyards.city, postal_code: graveyards.postalCode })
    .from(graveyards)
    .where(eq(graveyards.id, graveyardId))
    .limit(1);
  if (!yard) return null;
  // The types the graveyard prices, else (a graveyard without a price list) every type the commune may grant.
  const priced = await queryRows<{ id: number; name: string; kind: string; places: number | null }>(
    db,
    sql`SELECT DISTINCT t.id, t.name, t.kind::text AS kind, t.places FROM graveyard_concessions gc JOIN concession_types t ON t.id = gc.concession_type_id
        WHERE gc.graveyard_id = ${graveyardId} ORDER BY t.id`,
  );
  const types = priced.length > 0 ? priced : await db.select({ id: concessionTypes.id, name: concessionTypes.name, kind: concessionTypes.kind, places: concessionTypes.places }).from(concessionTypes).where(isNull(concessionTypes.graveyardId)).orderBy(asc(concessionTypes.id));
  return { ...yard, concession_types: types.map((t) => ({ id: t.id, name: t.name, kind: String(t.kind), places: t.places ?? null })) };
}

/** The graveyard the family named, or 422 monument__graveyard__unknown. */
export async function knownGraveyard(db: Db, graveyardId: number): Promise<NonNullable<MarbleFilters["graveyard"]>> {
  const yard = await graveyardWithConcessions(db, graveyardId);
  if (!yard) throw new ApiError(422, "monument__graveyard__unknown");
  return yard;
}

/** GET /api/v1/marble_funnel/filters: the configurator's vocabulary, every priced row, and the cemetery asked for. */
export async function marbleFilters(db: Db, graveyardId: number | undefined): Promise<MarbleFilters> {
  const { rows, demo } = await loadMonumentCatalogue(db);
  const granites = rows.filter((r) => r.category === MONUMENT_CATEGORIES.granite);
  const models = rows.filter((r) => r.category === MONUMENT_CATEGORIES.model);
  const factors = granites.map(graniteFactorBp);
  const minFactor = factors.length ? Math.min(...factors) : 10000;
  const maxFactor = factors.length ? Math.max(...factors) : 10000;
  const polished = rows.find((r) => r.category === MONUMENT_CATEGORIES.finish && r.price_ht_cents === 0);
  const finishOf = (size: keyof typeof FINISH_SIZE_FACTOR_BP) => (polished ? scale(polished.price_ht_cents, FINISH_SIZE_FACTOR_BP[size]) : 0);
  const prices = models.map((m) => {
    const size = (m.attributes.size as keyof typeof FINISH_SIZE_FACTOR_BP) ?? "single";
    return { min: ttcOf(scale(m.price_ht_cents, minFactor) + finishOf(size), m.vat_rate_bp), max: ttcOf(scale(m.price_ht_cents, maxFactor) + finishOf(size), m.vat_rate_bp) };
  });
  return {
    shapes: [...MONUMENT_SHAPES],
    sizes: MONUMENT_SIZES.map((size) => ({ size, ...MONUMENT_SIZE_DIMENSIONS[size] })),
    colour_families: [...GRANITE_COLOUR_FAMILIES],
    fonts: [...ENGRAVING_FONTS],
    options: [...MONUMENT_OPTIONS],
    accessory_kinds: [...ACCESSORY_KINDS],
    granites: granites.map((g) => ({
      code: g.code,
      name: g.name,
      colour_family: ((GRANITE_COLOUR_FAMILIES as readonly unknown[]).includes(g.attributes.colour_family) ? g.attributes.colour_family : "grey") as GraniteColourFamily,
      origin_country: String(g.attributes.origin_country ?? ""),
      origin_region: String(g.attributes.origin_region ?? ""),
      swatch: String(g.attributes.swatch ?? "#888888"),
      price_factor_bp: graniteFactorBp(g),
    })),
    budget: { min_ttc_cents: prices.length ? Math.min(...prices.map((p) => p.min)) : 0, max_ttc_cents: prices.length ? Math.max(...prices.map((p) => p.max)) : 0 },
    catalogue: rows,
    engraving: { max_lines: ENGRAVING_MAX_LINES, line_max: ENGRAVING_LINE_MAX },
    quote_validity_months: MONUMENT_QUOTE_VALIDITY_MONTHS,
    graveyard: graveyardId === undefined ? null : await knownGraveyard(db, graveyardId),
    demo,
  };
}
