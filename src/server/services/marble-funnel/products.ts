import { sql, type SQL } from "drizzle-orm";
import { MONUMENT_CATEGORIES, type MonumentShape, type MonumentSize } from "@/domain/marble/products";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { MarbleProduct, MarbleProductsQuery } from "@/domain/schemas/marble-funnel";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { ApiError } from "@/server/http/errors";
import { searchTerm } from "@/server/services/search-text";

interface Row {
  id: number;
  code: string;
  name: string;
  attributes: Record<string, unknown>;
  demo: boolean;
  ht: number | string;
  ttc: number | string;
  in_stock: boolean | null;
  lead_time_days: number | null;
  total: number;
}

/**
 * GET /api/v1/marble_funnel/products: the models, each priced in one granite (the one asked
 * for, else the cheapest), polished, without options — the same rounding as priceMonument
 * (HT scaled half-up, VAT per line half-up) done by the database so budget filters and sorting
 * page correctly. Stock and lead time come from the workshops that hold both the model and
 * that granite: a workshop's delay is the longer of the two.
 */
export async function listMonumentProducts(db: Db, query: MarbleProductsQuery): Promise<{ products: MarbleProduct[]; meta: PagingMeta }> {
  const granite = query.granite_code
    ? await queryRows<{ code: string; factor: number }>(
        db,
        sql`SELECT code, COALESCE((attributes->>'price_factor_bp')::int, 10000) AS factor FROM products
            WHERE code = ${query.granite_code} AND category = ${MONUMENT_CATEGORIES.granite} AND active`,
      )
    : await queryRows<{ code: string; factor: number }>(
        db,
        sql`SELECT code, COALESCE((attributes->>'price_factor_bp')::int, 10000) AS factor FROM products
            WHERE category = ${MONUMENT_CATEGORIES.granite} AND active ORDER BY 2, code LIMIT 1`,
      );
  const chosen = granite[0];
  if (!chosen) {
    if (query.granite_code) throw new ApiError(422, "monument__granite__unknown");
    return { products: [], meta: pagingMeta(query.page, query.per_page, 0) };
  }

  const conditions: SQL[] = [sql`p.category = ${MONUMENT_CATEGORIES.model}`, sql`p.active`];
  if (query.shape?.length) conditions.push(sql`p.attributes->>'shape' IN (${sql.join(query.shape.map((s) => sql`${s}`), sql`, `)})`);
  if (query.size?.length) conditions.push(sql`p.attributes->>'size' IN (${sql.join(query.size.map((s) => sql`${s}`), sql`, `)})`);
  const term = searchTerm(query.q);
  // normalizeSearchText() leaves no LIKE wildcard in the text (search-text.ts).
  if (term.text) conditions.push(sql`p.search_name LIKE ${`%${term.text}%`}`);
  const priceConditions: SQL[] = [];
  if (query.min_price_cents !== undefined) priceConditions.push(sql`ttc >= ${query.min_price_cents}`);
  if (query.max_price_cents !== undefined) priceConditions.push(sql`ttc <= ${query.max_price_cents}`);
  const order = query.sort === "price_desc" ? sql`ttc DESC, code` : query.sort === "name" ? sql`name, code` : sql`ttc, code`;

  const rows = await queryRows<Row>(
    db,
    sql`WITH priced AS (
          SELECT p.id, p.code, p.name, p.attributes, p.demo, ht, ht + (ht * p.vat_rate_bp + 5000) / 10000 AS ttc
          FROM products p, LATERAL (SELECT (p.price_cents::bigint * ${chosen.factor} + 5000) / 10000 AS ht) h
          WHERE ${sql.join(conditions, sql` AND `)}
        ), filtered AS (
          SELECT * FROM priced ${priceConditions.length ? sql`WHERE ${sql.join(priceConditions, sql` AND `)}` : sql``}
        ), page AS (
          SELECT *, count(*) OVER ()::int AS total FROM filtered ORDER BY ${order}
          LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}
        )
        SELECT page.*, s.in_stock, s.lead_time_days
        FROM page
        LEFT JOIN LATERAL (
          SELECT bool_or(m.stock > 0) AS in_stock, min(GREATEST(m.lead_time_days, g.lead_time_days))::int AS lead_time_days
          FROM supplier_warehouse_products m
          JOIN supplier_warehouse_products g ON g.warehouse_id = m.warehouse_id AND g.product_id = (SELECT id FROM products WHERE code = ${chosen.code}) AND g.available
          WHERE m.product_id = page.id AND m.available
        ) s ON TRUE
        ORDER BY ${order}`,
  );
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && query.page > 1) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM (
            SELECT ht + (ht * p.vat_rate_bp + 5000) / 10000 AS ttc
            FROM products p, LATERAL (SELECT (p.price_cents::bigint * ${chosen.factor} + 5000) / 10000 AS ht) h
            WHERE ${sql.join(conditions, sql` AND `)}) priced
          ${priceConditions.length ? sql`WHERE ${sql.join(priceConditions, sql` AND `)}` : sql``}`,
    );
    total = count?.total ?? 0;
  }
  return {
    products: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      shape: r.attributes.shape as MonumentShape,
      size: r.attributes.size as MonumentSize,
      width_cm: Number(r.attributes.width_cm ?? 0),
      length_cm: Number(r.attributes.length_cm ?? 0),
      stele_height_cm: Number(r.attributes.stele_height_cm ?? 0),
      granite_code: chosen.code,
      price_ht_cents: Number(r.ht),
      price_ttc_cents: Number(r.ttc),
      in_stock: r.in_stock === true,
      lead_time_days: r.lead_time_days,
      demo: r.demo,
    })),
    meta: pagingMeta(query.page, query.per_page, total),
  };
}
