import { describe, expect, it } from "vitest";
import { suppliersDescriptor } from "@/domain/directory/logistics-types";
import { crematoriumsDescriptor } from "@/domain/directory/partner-types";
import { bodyOf, draftOf } from "@/features/directory/field-values";
import { readListState, listParams, listStateSearch } from "@/features/directory/list-query";
import { centsToEuroText, euroTextToCents } from "@/features/directory/money-text";
import { placeCodes } from "@/features/directory/save-errors";
import { newRow, rowsFromServer, subRowsReducer, toPayload } from "@/features/directory/sub-item-state";

const rooms = crematoriumsDescriptor.subItems.find((s) => s.key === "rooms")!;

describe("euros typed as text", () => {
  it("reads euros with a comma, a dot, spaces or a € sign, zero included, and refuses the rest", () => {
    expect(euroTextToCents("120")).toBe(12_000);
    expect(euroTextToCents("1 234,5")).toBe(123_450);
    expect(euroTextToCents("0")).toBe(0);
    expect(euroTextToCents("89.90 €")).toBe(8_990);
    expect(euroTextToCents("12,345")).toBeNull();
    expect(euroTextToCents("-3")).toBeNull();
    expect(euroTextToCents("abc")).toBeNull();
    expect(centsToEuroText(12_050)).toBe("120,50");
    expect(centsToEuroText(null)).toBe("");
  });
});

describe("sub-item rows", () => {
  const loaded = rowsFromServer(rooms, [
    { id: 7, name: "Salle de cérémonie", capacity: 120, price_cents: 15_000 },
    { id: 8, name: "Salon des familles", capacity: 20, price_cents: 6_000 },
  ]);

  it("sends nothing for untouched rows, the id with a changed one, the destroy flag for a removed one and no id for a new one", () => {
    let rows = subRowsReducer(loaded, { type: "change", key: loaded[0]!.key, name: "price_cents", value: "180" });
    rows = subRowsReducer(rows, { type: "remove", key: loaded[1]!.key });
    rows = subRowsReducer(rows, { type: "add", row: { ...newRow(rooms), values: { name: "Petit salon", capacity: "10", price_cents: "45,50" } } });
    const { items, errors } = toPayload(rooms, rows);
    expect(errors).toEqual({});
    expect(items).toEqual([
      { id: 7, name: "Salle de cérémonie", capacity: 120, price_cents: 18_000 },
      { id: 8, _destroy: true },
      { name: "Petit salon", capacity: 10, price_cents: 4_550 },
    ]);
  });

  it("undoes a removal before saving, and drops a new row removed before saving", () => {
    let rows = subRowsReducer(loaded, { type: "remove", key: loaded[0]!.key });
    expect(rows[0]!.destroy).toBe(true);
    rows = subRowsReducer(rows, { type: "undo", key: loaded[0]!.key });
    expect(rows[0]!.destroy).toBe(false);
    rows = subRowsReducer(rows, { type: "add", row: newRow(rooms) });
    expect(rows).toHaveLength(3);
    rows = subRowsReducer(rows, { type: "remove", key: rows[2]!.key });
    expect(rows).toHaveLength(2);
    expect(toPayload(rooms, rows).items).toEqual([]);
  });

  it("keeps a price that is not an amount as an error of its cell, with the API's code", () => {
    const rows = subRowsReducer(loaded, { type: "change", key: loaded[0]!.key, name: "price_cents", value: "cent euros" });
    expect(toPayload(rooms, rows).errors).toEqual({ [loaded[0]!.key]: { price_cents: "crematorium_room__price_cents__invalid" } });
  });
});

describe("entry fields", () => {
  it("turns the draft into the API's values: blank text is null, numbers and euros become numbers", () => {
    const draft = draftOf(crematoriumsDescriptor.fields, { name: "Crématorium de Lyon", latitude: 45.75, reduced_price_cityhall_ids: [3, 4], country_code: "fr" });
    draft.address = "  ";
    const { body, errors } = bodyOf(crematoriumsDescriptor.fields, draft, "crematorium");
    expect(errors).toEqual({});
    expect(body).toMatchObject({ name: "Crématorium de Lyon", address: null, latitude: 45.75, reduced_price_cityhall_ids: [3, 4], country_code: "fr" });
    draft.latitude = "quarante";
    expect(bodyOf(crematoriumsDescriptor.fields, draft, "crematorium").errors).toEqual({ latitude: "crematorium__latitude__invalid" });
  });

  it("places a refusal's codes next to the entry's field, above the sub-item collection, or at the top", () => {
    expect(placeCodes(crematoriumsDescriptor, ["crematorium__name__blank", "crematorium_room__price_cents__too_big", "crematorium_room__id__missing", "forbidden"])).toEqual({
      fields: { name: ["crematorium__name__blank"] },
      subItems: { rooms: ["crematorium_room__price_cents__too_big", "crematorium_room__id__missing"] },
      form: ["forbidden"],
    });
  });
});

describe("the list's address", () => {
  it("reads what it can use from the address and writes back only what differs from the defaults", () => {
    const state = readListState(crematoriumsDescriptor, { q: "lyon", departement: "69", etat: "disabled", tri: "city", ordre: "desc", page: "2" });
    expect(state).toEqual({ q: "lyon", department: "69", state: "disabled", sort: "city", direction: "desc", page: 2 });
    expect(listParams(state)).toMatchObject({ q: "lyon", department: "69", disabled: "true", sort: "city", direction: "desc", page: 2 });
    expect(listStateSearch(crematoriumsDescriptor, state)).toBe("?q=lyon&departement=69&etat=disabled&tri=city&ordre=desc&page=2");
    const odd = readListState(crematoriumsDescriptor, { departement: "999x", tri: "password", page: "-1", etat: "maybe" });
    expect(odd).toEqual({ q: "", department: "", state: "", sort: "name", direction: "asc", page: 1 });
    expect(listStateSearch(crematoriumsDescriptor, odd)).toBe("");
  });
});

describe("a sub-item's own collections", () => {
  const warehouses = suppliersDescriptor.subItems.find((s) => s.key === "warehouses")!;
  const products = warehouses.subItems!.find((s) => s.key === "products")!;

  it("sends a warehouse untouched but for its products with its id, the products changed and the ones removed", () => {
    const loaded = rowsFromServer(warehouses, [
      { id: 3, name: "Atelier de Lyon", country_code: "fr", products: [{ id: 30, product_id: 9, price_cents: 1_000, available: true, stock: 4, lead_time_days: 2 }, { id: 31, product_id: 10, price_cents: 2_000 }] },
      { id: 4, name: "Atelier de Nice", country_code: "fr", products: [] },
    ]);
    const warehouse = loaded[0]!;
    const [first, second] = warehouse.children.products!;
    let rows = subRowsReducer(loaded, { type: "child", key: warehouse.key, collection: "products", action: { type: "change", key: first!.key, name: "price_cents", value: "12,50" } });
    rows = subRowsReducer(rows, { type: "child", key: warehouse.key, collection: "products", action: { type: "remove", key: second!.key } });
    rows = subRowsReducer(rows, { type: "child", key: warehouse.key, collection: "products", action: { type: "add", row: newRow(products, `${warehouse.key}/`) } });
    const { items, errors } = toPayload(warehouses, rows);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: 3, name: "Atelier de Lyon" });
    const sent = (items[0] as { products: Record<string, unknown>[] }).products;
    expect(sent[0]).toMatchObject({ id: 30, price_cents: 1_250 });
    expect(sent[1]).toEqual({ id: 31, _destroy: true });
    expect(sent[2]).not.toHaveProperty("id");
    expect(errors).toEqual({});
    // Keys stay unique across collections, so a cell's error lands on its own row.
    expect(new Set([warehouse.key, first!.key, second!.key, loaded[1]!.key]).size).toBe(4);
  });
});
