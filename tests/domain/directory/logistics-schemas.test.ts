import { describe, expect, it } from "vitest";
import { flightsDescriptor, suppliersDescriptor, warehousesDescriptor } from "@/domain/directory/logistics-types";
import { directoryCreateSchema, directoryUpdateSchema, type SubItemChange } from "@/domain/directory/schemas";
import { directoryDescriptor } from "@/domain/directory/registry";

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.error?.issues ?? []).map((i) => i.message);

describe("logistics descriptors", () => {
  it("are served by the directory registry", () => {
    expect(directoryDescriptor("suppliers")).toBe(suppliersDescriptor);
    expect(directoryDescriptor("warehouses")).toBe(warehousesDescriptor);
    expect(directoryDescriptor("flights")).toBe(flightsDescriptor);
  });

  it("parse a supplier with warehouses holding products and zones holding funeral works (two levels)", () => {
    const parsed = directoryCreateSchema(suppliersDescriptor).safeParse({
      name: "Marbrerie Test",
      siret: "123 456 789 00012",
      dependencies: ["marble", "marble", "flowers"],
      warehouses: [{ name: "Atelier", airport_id: 3, products: [{ product_id: 7, price_cents: 12_000, stock: 2 }] }],
      zones: [{ name: "Rhône", zone_type: "department", zone_id: "69", funeral_works: [{ funeral_work_type_id: 1, price_cents: 9_000 }] }],
      coverages: [{ zone_type: "department", zone_id: "69" }],
    });
    expect(codes(parsed)).toEqual([]);
    const data = parsed.data as Record<string, unknown>;
    expect(data.dependencies).toEqual(["marble", "flowers"]);
    const warehouse = (data.warehouses as SubItemChange[])[0]!;
    expect(warehouse).toMatchObject({ op: "create", values: { name: "Atelier", airport_id: 3 } });
    expect(warehouse.op === "create" && warehouse.nested?.products).toEqual([{ op: "create", values: { product_id: 7, price_cents: 12_000, stock: 2 } }]);
    const zone = (data.zones as SubItemChange[])[0]!;
    expect(zone.op === "create" && zone.nested?.funeral_works?.[0]).toMatchObject({ op: "create", values: { funeral_work_type_id: 1 } });
  });

  it("apply the SPEC §5 id rule one level down, with the nested path of the problem", () => {
    const update = directoryUpdateSchema(suppliersDescriptor);
    const missing = update.safeParse({ warehouses: [{ id: 4, products: [{ _destroy: true }] }] });
    expect(codes(missing)).toEqual(["supplier_warehouse_product__id__missing"]);
    expect(missing.error!.issues[0]!.path).toEqual(["warehouses", 0, "products", 0, "id"]);
    // Under a warehouse being created, a product cannot name an existing one.
    const underCreation = update.safeParse({ warehouses: [{ name: "Neuf", products: [{ id: 9, price_cents: 1 }] }] });
    expect(codes(underCreation)).toEqual(["supplier_warehouse_product__id__invalid"]);
    const changes = update.safeParse({ zones: [{ id: 2, funeral_works: [{ id: 5, price_cents: 100 }, { id: 6, _destroy: true }, { funeral_work_type_id: 3, price_cents: 50 }] }] });
    expect(codes(changes)).toEqual([]);
    const zone = (changes.data as Record<string, SubItemChange[]>).zones![0]!;
    expect(zone.op === "update" && zone.nested?.funeral_works?.map((c) => c.op)).toEqual(["update", "destroy", "create"]);
  });

  it("refuse bad nested values with their own codes", () => {
    const parsed = directoryCreateSchema(warehousesDescriptor).safeParse({
      supplier_id: 1,
      name: "Entrepôt",
      products: [{ product_id: 1, price_cents: -1, stock: -2, lead_time_days: 1.5 }],
    });
    expect(codes(parsed).sort()).toEqual(["warehouse_product__lead_time_days__invalid", "warehouse_product__price_cents__too_small", "warehouse_product__stock__too_small"]);
    expect(codes(directoryCreateSchema(suppliersDescriptor).safeParse({ name: "X", siret: "12AB" }))).toEqual(["supplier__siret__invalid"]);
  });

  it("refuse a flight landing where it leaves, a stopover at either end and inverted weight bands", () => {
    const create = directoryCreateSchema(flightsDescriptor);
    expect(codes(create.safeParse({ airline_id: 1, departure_airport_id: 2, arrival_airport_id: 2 }))).toEqual(["flight__arrival_airport_id__same_airport"]);
    expect(codes(create.safeParse({ airline_id: 1, departure_airport_id: 2, arrival_airport_id: 3, stopover_airport_id: 3 }))).toEqual(["flight__stopover_airport_id__same_airport"]);
    expect(codes(create.safeParse({ airline_id: 1, departure_airport_id: 2, arrival_airport_id: 3, rates: [{ kind: "coffin", min_weight_kg: 100, max_weight_kg: 50, price_cents: 1 }] }))).toEqual([
      "flight_rate__max_weight_kg__too_small",
    ]);
    expect(codes(create.safeParse({ departure_airport_id: 2, arrival_airport_id: 3, rates: [{ kind: "plane", price_cents: 1 }] })).sort()).toEqual([
      "flight__airline_id__blank",
      "flight_rate__kind__invalid",
    ]);
  });
});
