import { sql, type SQL } from "drizzle-orm";
import type { SupplierWarehouseProduct, SupplierWarehousesProductsQuery } from "@/domain/schemas/marble-funnel";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

/** Listed per call at most: a product is offered by a few dozen workshops, not thousands. */
const MAX_ROWS = 200;

/**
 * GET /api/v1/marble_funnel/supplier_warehouses_products: which workshop holds which product,
 * its stock and lead time; the cemetery's département first, then the shortest delay.
 */
export async function supplierWarehousesProducts(db: Db, query: SupplierWarehousesProductsQuery): Promise<SupplierWarehouseProduct[]> {
  const which: SQL[] = [];
  if (query.product_codes) which.push(sql`p.code IN (${sql.join(query.product_codes.map((c) => sql`${c}`), sql`, `)})`);
  if (query.product_id !== undefined) which.push(sql`p.id = ${query.product_id}`);
  const department = query.department_code ?? null;
  return queryRows<SupplierWarehouseProduct>(
    db,
    sql`SELECT p.id AS product_id, p.code AS product_code, w.id AS warehouse_id, w.name AS warehouse_name, w.city, w.department_code,
          s.id AS supplier_id, s.name AS supplier_name, swp.stock, swp.lead_time_days, swp.available
        FROM supplier_warehouse_products swp
        JOIN products p ON p.id = swp.product_id
        JOIN supplier_warehouses w ON w.id = swp.warehouse_id
        JOIN suppliers s ON s.id = w.supplier_id
        WHERE (${sql.join(which, sql` OR `)}) AND p.active
        ORDER BY (w.department_code IS NOT DISTINCT FROM ${department}) DESC, swp.available DESC, swp.lead_time_days, w.id, p.code
        LIMIT ${MAX_ROWS}`,
  );
}

export interface ChosenWorkshop {
  warehouseId: number;
  warehouseName: string;
  supplierName: string;
  city: string | null;
  departmentCode: string | null;
  leadTimeDays: number;
}

/**
 * The workshop a monument is quoted with: one that offers both the model and the granite,
 * in the cemetery's département when one does, with the shortest delay (the longer of the
 * model's and the granite's). Null when no workshop offers that pair.
 */
export async function chooseWorkshop(db: Db, modelCode: string, graniteCode: string, departmentCode: string | null): Promise<ChosenWorkshop | null> {
  const [row] = await queryRows<{ warehouse_id: number; warehouse_name: string; supplier_name: string; city: string | null; department_code: string | null; lead_time_days: number }>(
    db,
    sql`SELECT w.id AS warehouse_id, w.name AS warehouse_name, s.name AS supplier_name, w.city, w.department_code,
          GREATEST(m.lead_time_days, g.lead_time_days)::int AS lead_time_days
        FROM supplier_warehouse_products m
        JOIN products mp ON mp.id = m.product_id AND mp.code = ${modelCode}
        JOIN supplier_warehouse_products g ON g.warehouse_id = m.warehouse_id AND g.available
        JOIN products gp ON gp.id = g.product_id AND gp.code = ${graniteCode}
        JOIN supplier_warehouses w ON w.id = m.warehouse_id
        JOIN suppliers s ON s.id = w.supplier_id
        WHERE m.available
        ORDER BY (w.department_code IS NOT DISTINCT FROM ${departmentCode}) DESC, GREATEST(m.lead_time_days, g.lead_time_days), w.id
        LIMIT 1`,
  );
  if (!row) return null;
  return {
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    supplierName: row.supplier_name,
    city: row.city,
    departmentCode: row.department_code,
    leadTimeDays: row.lead_time_days,
  };
}
