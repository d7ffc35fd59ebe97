import { FLIGHT_RATE_KINDS, ZONE_TYPES } from "@/domain/schemas/partner";
import type { DirectoryDescriptor, FieldDescriptor, RowCheck, SubItemDescriptor } from "@/domain/directory/descriptor";
import { PLACE_FIELDS, boundsCheck, coverages } from "@/domain/directory/partner-types";

/**
 * Logistics of SPEC §3: suppliers (with their warehouses and the warehouses' products,
 * their priced zones and the zones' funeral works, their coverage), warehouses as their own
 * resource, and flights with their freight rates (read live by the repatriation estimate
 * of the country pages).
 */

/** Suppliers and warehouses have no commune of their own (no cityhall_id column): the place fields without it. */
const SUPPLIER_PLACE_FIELDS: readonly FieldDescriptor[] = PLACE_FIELDS.filter((f) => f.key !== "cityhall_id");

/** SIRET: 14 digits (spaces allowed as typed on an invoice). */
const siretCheck: RowCheck = (row) => {
  const siret = row.siret;
  return typeof siret === "string" && !/^\d{14}$/.test(siret.replace(/\s/g, "")) ? { field: "siret", problem: "invalid" } : null;
};

/** What a warehouse stocks: its price to us, whether it can supply it now, pieces ready, lead time (migration 0012). */
export const warehouseProducts = (resource: string): SubItemDescriptor => ({
  key: "products",
  resource,
  fields: [
    { key: "product_id", kind: "reference", reference: "products", required: true },
    { key: "price_cents", kind: "money", required: true },
    { key: "available", kind: "boolean", defaultValue: true },
    { key: "stock", kind: "integer", min: 0, max: 1_000_000, defaultValue: 0 },
    { key: "lead_time_days", kind: "integer", min: 0, max: 730, defaultValue: 0 },
  ],
  orderBy: ["product_id"],
});

/** A warehouse's address fields as a sub-item of its supplier (the warehouse resource has them all). */
const WAREHOUSE_SUB_FIELDS: readonly FieldDescriptor[] = [
  ...SUPPLIER_PLACE_FIELDS.filter((f) => !["latitude", "longitude", "website", "headquarter_country_code"].includes(f.key)),
  { key: "airport_id", kind: "reference", reference: "airports" },
];

export const suppliersDescriptor: DirectoryDescriptor<"suppliers"> = {
  type: "suppliers",
  segment: "suppliers",
  resource: "supplier",
  group: "logistics",
  autocomplete: "suppliers",
  fields: [
    ...SUPPLIER_PLACE_FIELDS,
    { key: "siret", kind: "text", maxLength: 20 },
    /** Trades the supplier covers: flowers, marble, repatriation, transport… */
    { key: "dependencies", kind: "text_list", defaultValue: [], list: true },
  ],
  checks: [siretCheck],
  subItems: [
    {
      key: "warehouses",
      resource: "supplier_warehouse",
      fields: WAREHOUSE_SUB_FIELDS,
      orderBy: ["name"],
      subItems: [warehouseProducts("supplier_warehouse_product")],
    },
    {
      key: "zones",
      resource: "supplier_zone",
      fields: [
        { key: "name", kind: "text", required: true, maxLength: 200 },
        { key: "zone_type", kind: "enum", options: ZONE_TYPES, required: true },
        { key: "zone_id", kind: "text", required: true, maxLength: 10 },
      ],
      orderBy: ["name"],
      subItems: [
        {
          key: "funeral_works",
          resource: "supplier_zone_funeral_work",
          fields: [
            { key: "funeral_work_type_id", kind: "reference", reference: "funeral_work_types", required: true },
            { key: "price_cents", kind: "money", required: true },
          ],
          orderBy: ["funeral_work_type_id"],
        },
      ],
    },
    coverages("supplier_coverage"),
  ],
  disableable: true,
  byDepartment: true,
  naturalKey: ["name", "postal_code"],
  labelField: "name",
  defaultSort: "name",
};

export const warehousesDescriptor: DirectoryDescriptor<"warehouses"> = {
  type: "warehouses",
  segment: "warehouses",
  resource: "warehouse",
  group: "logistics",
  locationType: "SupplierWarehouse",
  fields: [
    { key: "supplier_id", kind: "reference", reference: "suppliers", required: true, list: true },
    ...SUPPLIER_PLACE_FIELDS,
    { key: "airport_id", kind: "reference", reference: "airports", list: true },
  ],
  subItems: [warehouseProducts("warehouse_product")],
  disableable: true,
  byDepartment: true,
  naturalKey: ["supplier_id", "name"],
  labelField: "name",
  defaultSort: "name",
  // A supplier's pro keeps its own warehouses up to date.
  owner: { type: "suppliers", field: "supplier_id" },
};

/** A flight goes somewhere else, and stops over neither where it leaves nor where it lands. */
const distinctAirports: RowCheck = (row) => {
  const { departure_airport_id: from, arrival_airport_id: to, stopover_airport_id: via } = row;
  if (typeof from === "number" && from === to) return { field: "arrival_airport_id", problem: "same_airport" };
  if (typeof via === "number" && (via === from || via === to)) return { field: "stopover_airport_id", problem: "same_airport" };
  return null;
};

export const flightsDescriptor: DirectoryDescriptor<"flights"> = {
  type: "flights",
  segment: "flights",
  resource: "flight",
  group: "logistics",
  autocomplete: "flights",
  fields: [
    { key: "airline_id", kind: "reference", reference: "airlines", required: true, list: true, sortable: true },
    { key: "departure_airport_id", kind: "reference", reference: "airports", required: true, list: true, sortable: true },
    { key: "stopover_airport_id", kind: "reference", reference: "airports", list: true },
    { key: "arrival_airport_id", kind: "reference", reference: "airports", required: true, list: true, sortable: true },
    { key: "disabled", kind: "boolean", defaultValue: false, list: true, sortable: true },
  ],
  checks: [distinctAirports],
  subItems: [
    {
      key: "rates",
      resource: "flight_rate",
      fields: [
        { key: "kind", kind: "enum", options: FLIGHT_RATE_KINDS, required: true },
        { key: "min_weight_kg", kind: "integer", min: 0, max: 32_767, defaultValue: 0 },
        /** Empty: no upper bound. */
        { key: "max_weight_kg", kind: "integer", min: 1, max: 32_767 },
        { key: "price_cents", kind: "money", required: true },
      ],
      checks: [boundsCheck("min_weight_kg", "max_weight_kg")],
      orderBy: ["kind", "min_weight_kg"],
    },
  ],
  disableable: true,
  byDepartment: false,
  // A key part left empty matches nothing (csv-import.ts), so the stopover, often empty, is not one.
  naturalKey: ["airline_id", "departure_airport_id", "arrival_airport_id"],
  // A flight has no name: the server labels it "CDG → ALG (Air Algérie)" from its airports and airline.
  labelField: "airline_id",
  defaultSort: "id",
};

export const LOGISTICS_DESCRIPTORS = [suppliersDescriptor, warehousesDescriptor, flightsDescriptor] as const;
