import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, placeColumns, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";
import { departments } from "@/server/db/schema/geo";
import { zoneType, funeralWorkTypes } from "@/server/db/schema/partners";
import { products } from "@/server/db/schema/catalog";
import { airports } from "@/server/db/schema/travel";

/** Suppliers (florists, marble masons, freight forwarders...), their warehouses, zones and prices. */

export const suppliers = pgTable(
  "suppliers",
  {
    id: id(),
    ...placeColumns(),
    departmentCode: text().references(() => departments.code),
    siret: text(),
    /** Trades the supplier covers: flowers, marble, repatriation, transport... */
    dependencies: jsonb().$type<string[]>().notNull().default([]),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [...searchIndexes("suppliers", t.searchName, false)],
);

export const supplierWarehouses = pgTable(
  "supplier_warehouses",
  {
    id: id(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    ...placeColumns(),
    departmentCode: text().references(() => departments.code),
    /** Warehouses next to an airport handle repatriations leaving from it. */
    airportId: integer().references(() => airports.id),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [index("supplier_warehouses_supplier_idx").on(t.supplierId), index("supplier_warehouses_airport_idx").on(t.airportId), ...searchIndexes("supplier_warehouses", t.searchName, false)],
);

export const supplierWarehouseProducts = pgTable(
  "supplier_warehouse_products",
  {
    id: id(),
    warehouseId: integer()
      .notNull()
      .references(() => supplierWarehouses.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    priceCents: integer().notNull(),
    available: boolean().notNull().default(true),
    /** Pieces ready in the warehouse (a monument cut and polished, blocks of a granite). */
    stock: integer().notNull().default(0),
    /** Days from the order to delivery (or to installation, for a monument) when ordered from this warehouse. */
    leadTimeDays: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("supplier_warehouse_products_unique_idx").on(t.warehouseId, t.productId),
    index("supplier_warehouse_products_product_idx").on(t.productId),
    check("supplier_warehouse_products_stock_check", sql`${t.stock} >= 0 AND ${t.leadTimeDays} >= 0`),
  ],
);

/** Priced areas of a supplier: each zone has its own prices of funeral works (a mason's tariff by département). */
export const supplierZones = pgTable(
  "supplier_zones",
  {
    id: id(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    zoneType: zoneType().notNull(),
    zoneId: text().notNull(),
    ...timestamps,
  },
  (t) => [index("supplier_zones_supplier_idx").on(t.supplierId), index("supplier_zones_zone_idx").on(t.zoneType, t.zoneId)],
);

export const supplierZoneFuneralWorks = pgTable(
  "supplier_zone_funeral_works",
  {
    id: id(),
    supplierZoneId: integer()
      .notNull()
      .references(() => supplierZones.id, { onDelete: "cascade" }),
    funeralWorkTypeId: integer()
      .notNull()
      .references(() => funeralWorkTypes.id),
    priceCents: integer().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("supplier_zone_funeral_works_unique_idx").on(t.supplierZoneId, t.funeralWorkTypeId)],
);

/**
 * Where a supplier delivers or works (SPEC §3 "Supplier … coverage"): coverage entries as
 * prefectures and regional health authorities have them (zone_type, zone_id).
 */
export const supplierCoverages = pgTable(
  "supplier_coverages",
  {
    id: id(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: "cascade" }),
    zoneType: zoneType().notNull(),
    zoneId: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("supplier_coverages_unique_idx").on(t.supplierId, t.zoneType, t.zoneId), index("supplier_coverages_zone_idx").on(t.zoneType, t.zoneId)],
);
