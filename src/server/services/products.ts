import { sql } from "drizzle-orm";
import { priceTtcCents } from "@/domain/flowers/order-totals";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { Product, ProductsQuery } from "@/domain/schemas/product";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { searchTerm } from "@/server/services/search-text";

/** GET /api/v1/products: active products, by category then name; every word of `q` starts a word of the code or name. */
export async function listProducts(db: Db, query: ProductsQuery): Promise<{ data: Product[]; meta: PagingMeta }> {
  const words = searchTerm(query.q).text.split(" ").filter(Boolean);
  const where = sql.join(
    [
      sql`p.active`,
      query.category ? sql`p.category = ${query.category}` : sql`TRUE`,
      ...words.map((word) => sql`(' ' || p.search_name) LIKE ${`% ${word}%`}`),
    ],
    sql` AND `,
  );
  const rows = await queryRows<{
    id: number;
    code: string;
    name: string;
    category: string;
    range: string | null;
    description: string | null;
    unit: string;
    price_cents: number;
    vat_rate_bp: number;
    demo: boolean;
    total: number | string;
  }>(
    db,
    sql`SELECT p.id, p.code, p.name, p.category, p.range, p.description, p.unit, p.price_cents, p.vat_rate_bp, p.demo, count(*) OVER () AS total
        FROM products p WHERE ${where} ORDER BY p.category, p.name, p.id LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : Number((await queryRows<{ total: number | string }>(db, sql`SELECT count(*) AS total FROM products p WHERE ${where}`))[0]?.total ?? 0);
  return {
    data: rows.map(({ total: _total, ...row }) => ({ ...row, price_ttc_cents: priceTtcCents(row.price_cents, row.vat_rate_bp) })),
    meta: pagingMeta(query.page, query.per_page, total),
  };
}
