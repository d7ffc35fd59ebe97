import { sql, type SQL } from "drizzle-orm";
import {
  DELIVERY_PLACES,
  FLOWER_BUDGET_KEYS,
  FLOWER_BUDGETS,
  FLOWER_CATEGORY,
  FLOWER_COLOURS,
  FLOWER_KINDS,
  FLOWER_SIZES,
  FLOWER_TYPES,
  flowerPicturePath,
  type DeliveryPlace,
  type FlowerBudget,
} from "@/domain/flowers/catalogue";
import { priceTtcCents } from "@/domain/flowers/order-totals";
import { pagingMeta } from "@/domain/schemas/common";
import type { FlowerFiltersQuery, FlowerFiltersResponse, FlowerProduct, FlowerProductsQuery, FlowerProductsResponse } from "@/domain/schemas/flower-funnel";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { searchTerm } from "@/server/services/search-text";

/**
 * The flowers catalogue as the funnel reads it (GET /api/v1/flower_funnel/products and
 * …/filters): active products of category "flowers" whose attributes name a known type.
 * Budgets are on the price the family pays (VAT included), computed in SQL with the
 * order's rounding rule (vatOfBp), so a filter and the basket never disagree.
 */

interface ProductRow {
  id: number;
  code: string;
  name: string;
  price_cents: number;
  vat_rate_bp: number;
  attributes: Record<string, unknown>;
  demo: boolean;
  total?: number | string;
}

const TTC = sql`(p.price_cents + floor((p.price_cents::bigint * p.vat_rate_bp + 5000) / 10000))`;

function known<T extends string>(values: readonly T[], raw: unknown): T[] {
  return Array.isArray(raw) ? raw.filter((value): value is T => (values as readonly string[]).includes(value as string)) : [];
}

function oneOf<T extends string>(values: readonly T[], raw: unknown): T | null {
  return (values as readonly string[]).includes(raw as string) ? (raw as T) : null;
}

export function toFlowerProduct(row: ProductRow): FlowerProduct {
  const a = row.attributes ?? {};
  return {
    code: row.code,
    name: row.name,
    type: oneOf(FLOWER_TYPES, a.type) ?? "bouquet",
    colours: known(FLOWER_COLOURS, a.colours),
    flowers: known(FLOWER_KINDS, a.flowers),
    size: oneOf(FLOWER_SIZES, a.size),
    places: known(DELIVERY_PLACES, a.places),
    price_ht_cents: row.price_cents,
    vat_rate_bp: row.vat_rate_bp,
    price_ttc_cents: priceTtcCents(row.price_cents, row.vat_rate_bp),
    // Only the site's own drawings: a picture path from the attributes is never trusted as a URL.
    picture: flowerPicturePath(row.code),
    demo: row.demo,
  };
}

/** The catalogue's rows: active flowers with a known type. */
function baseWhere(): SQL {
  return sql`p.category = ${FLOWER_CATEGORY} AND p.active AND p.attributes->>'type' = ANY(${textArray(FLOWER_TYPES)})`;
}

/** Every word typed starts a word of the name or code (accents and case ignored). */
function searchWhere(q: string | undefined): SQL {
  const term = searchTerm(q);
  if (!term.text) return sql`TRUE`;
  const words = term.text.split(" ");
  return sql.join(
    words.map((word) => sql`(' ' || p.search_name) LIKE ${`% ${word}%`}`),
    sql` AND `,
  );
}

function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

type Facet = "type" | "colour" | "flower" | "size" | "place" | "budget";

/** One filter's condition (values of one filter: any matches). */
function facetWhere(facet: Facet, values: readonly string[] | undefined): SQL | null {
  if (!values || values.length === 0) return null;
  switch (facet) {
    case "type":
      return sql`p.attributes->>'type' = ANY(${textArray(values)})`;
    case "size":
      return sql`p.attributes->>'size' = ANY(${textArray(values)})`;
    case "colour":
      return sql`jsonb_exists_any(p.attributes->'colours', ${textArray(values)})`;
    case "flower":
      return sql`jsonb_exists_any(p.attributes->'flowers', ${textArray(values)})`;
    case "place":
      return sql`jsonb_exists_any(p.attributes->'places', ${textArray(values)})`;
    case "budget":
      return sql`(${sql.join(
        values.map((key) => {
          const [min, max] = FLOWER_BUDGETS[key as FlowerBudget];
          return sql`(${min === null ? sql`TRUE` : sql`${TTC} >= ${min}`} AND ${max === null ? sql`TRUE` : sql`${TTC} < ${max}`})`;
        }),
        sql` OR `,
      )})`;
  }
}

const FACETS: readonly Facet[] = ["type", "colour", "flower", "size", "place", "budget"];

function filterWhere(query: FlowerFiltersQuery, except: Facet | null = null): SQL {
  const parts = [baseWhere(), searchWhere(query.q)];
  for (const facet of FACETS) {
    if (facet === except) continue;
    const condition = facetWhere(facet, query[facet]);
    if (condition) parts.push(condition);
  }
  return sql.join(parts, sql` AND `);
}

const SELECT = sql`p.id, p.code, p.name, p.price_cents, p.vat_rate_bp, p.attributes, p.demo`;

const ORDER: Record<FlowerProductsQuery["sort"], SQL> = {
  recommended: sql`array_position(${textArray(FLOWER_TYPES)}, p.attributes->>'type'), ${TTC}, p.code`,
  price_asc: sql`${TTC}, p.code`,
  price_desc: sql`${TTC} DESC, p.code`,
};

/** GET /api/v1/flower_funnel/products */
export async function listFlowerProducts(db: Db, query: FlowerProductsQuery): Promise<FlowerProductsResponse> {
  const offset = (query.page - 1) * query.per_page;
  const rows = await queryRows<ProductRow>(
    db,
    sql`SELECT ${SELECT}, count(*) OVER () AS total FROM products p WHERE ${filterWhere(query)} ORDER BY ${ORDER[query.sort]} LIMIT ${query.per_page} OFFSET ${offset}`,
  );
  // Past the last page the window count is absent: count on its own.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number((await queryRows<{ total: number | string }>(db, sql`SELECT count(*) AS total FROM products p WHERE ${filterWhere(query)}`))[0]?.total ?? 0);
  return { items: rows.map(toFlowerProduct), meta: pagingMeta(query.page, query.per_page, total) };
}

/**
 * GET /api/v1/flower_funnel/filters: for each filter value, how many arrangements the
 * listing would show with it, given the query's other filters (ticking a colour does
 * not zero the other colours' counts).
 */
export async function flowerFilters(db: Db, query: FlowerFiltersQuery): Promise<FlowerFiltersResponse> {
  const countsOf = async (facet: Facet, key: SQL, array: boolean) => {
    const rows = await queryRows<{ value: string; count: number | string }>(
      db,
      array
        ? sql`SELECT v AS value, count(*) AS count FROM products p, jsonb_array_elements_text(${key}) AS v WHERE ${filterWhere(query, facet)} AND jsonb_typeof(${key}) = 'array' GROUP BY v`
        : sql`SELECT ${key} AS value, count(*) AS count FROM products p WHERE ${filterWhere(query, facet)} GROUP BY 1`,
    );
    return new Map(rows.map((row) => [row.value, Number(row.count)]));
  };
  const budgetRows = await queryRows<Record<string, number | string>>(
    db,
    sql`SELECT ${sql.join(
      FLOWER_BUDGET_KEYS.map((key) => sql`count(*) FILTER (WHERE ${facetWhere("budget", [key])}) AS ${sql.identifier(key)}`),
      sql`, `,
    )} FROM products p WHERE ${filterWhere(query, "budget")}`,
  );
  const [types, colours, flowers, sizes, places] = await Promise.all([
    countsOf("type", sql`p.attributes->>'type'`, false),
    countsOf("colour", sql`p.attributes->'colours'`, true),
    countsOf("flower", sql`p.attributes->'flowers'`, true),
    countsOf("size", sql`p.attributes->>'size'`, false),
    countsOf("place", sql`p.attributes->'places'`, true),
  ]);
  const [summary] = await queryRows<{ total: number | string; min: number | string | null; max: number | string | null }>(
    db,
    sql`SELECT count(*) AS total, min(${TTC}) AS min, max(${TTC}) AS max FROM products p WHERE ${filterWhere(query)}`,
  );
  const list = <T extends string>(values: readonly T[], counts: Map<string, number>) => values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
  const budgets = budgetRows[0] ?? {};
  return {
    types: list(FLOWER_TYPES, types),
    colours: list(FLOWER_COLOURS, colours),
    flowers: list(FLOWER_KINDS, flowers),
    sizes: list(FLOWER_SIZES, sizes),
    places: list(DELIVERY_PLACES, places) as { value: DeliveryPlace; count: number }[],
    budgets: FLOWER_BUDGET_KEYS.map((key) => ({ value: key, count: Number(budgets[key] ?? 0), min_cents: FLOWER_BUDGETS[key][0], max_cents: FLOWER_BUDGETS[key][1] })),
    price: { min_ttc_cents: summary?.min == null ? null : Number(summary.min), max_ttc_cents: summary?.max == null ? null : Number(summary.max) },
    total: Number(summary?.total ?? 0),
  };
}

/** The orderable products among `codes` (active flowers), by code; prices are the database's. */
export async function loadOrderableFlowers(db: Db, codes: readonly string[]): Promise<Map<string, FlowerProduct & { id: number }>> {
  if (codes.length === 0) return new Map();
  const rows = await queryRows<ProductRow>(db, sql`SELECT ${SELECT} FROM products p WHERE ${baseWhere()} AND p.code = ANY(${textArray(codes)})`);
  return new Map(rows.map((row) => [row.code, { ...toFlowerProduct(row), id: row.id }]));
}
