import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  supplierCoverages,
  supplierWarehouseProducts,
  supplierWarehouses,
  supplierZoneFuneralWorks,
  supplierZones,
  suppliers,
} from "@/server/db/schema/suppliers";
import { flightRates, flights } from "@/server/db/schema/travel";
import type { DirectoryBinding } from "@/server/services/directory/bindings";

/** Where suppliers, warehouses and flights live (src/domain/directory/logistics-types.ts). */

const warehouseProducts = { table: supplierWarehouseProducts, parentColumn: "warehouseId" };

/**
 * "CDG → ALG (Air Algérie)", "MRS → CDG → DSS (Air France)": a flight's label from its airports
 * and airline, read where it is shown so it never goes stale.
 */
function flightLabel(table: PgTable) {
  return sql`(SELECT d.iata || ' → ' || coalesce(s.iata || ' → ', '') || a.iata || ' (' || l.name || ')'
    FROM airports d JOIN airports a ON a.id = ${table}.arrival_airport_id JOIN airlines l ON l.id = ${table}.airline_id
    LEFT JOIN airports s ON s.id = ${table}.stopover_airport_id
    WHERE d.id = ${table}.departure_airport_id)`;
}

export const LOGISTICS_BINDINGS = {
  suppliers: {
    table: suppliers,
    searchColumn: "searchName",
    subItems: {
      warehouses: { table: supplierWarehouses, parentColumn: "supplierId", subItems: { products: warehouseProducts } },
      zones: { table: supplierZones, parentColumn: "supplierId", subItems: { funeral_works: { table: supplierZoneFuneralWorks, parentColumn: "supplierZoneId" } } },
      coverages: { table: supplierCoverages, parentColumn: "supplierId" },
    },
  },
  warehouses: { table: supplierWarehouses, searchColumn: "searchName", subItems: { products: warehouseProducts } },
  flights: {
    table: flights,
    onRepatriationPages: true,
    label: flightLabel,
    subItems: { rates: { table: flightRates, parentColumn: "flightId" } },
  },
} satisfies Record<"suppliers" | "warehouses" | "flights", DirectoryBinding>;
