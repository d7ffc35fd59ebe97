import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { csvColumns, csvLine, parseCsv, readCsvEntry } from "@/domain/directory/csv";
import { fieldLabelKey, optionLabelKey, subItemLabelKey, typeLabelKey, type DirectoryDescriptor } from "@/domain/directory/descriptor";
import { crematoriumsDescriptor, graveyardsDescriptor } from "@/domain/directory/partner-types";
import { DIRECTORY_DESCRIPTORS, directoryDescriptor, isDirectoryType } from "@/domain/directory/registry";
import { directoryCreateSchema, directoryListQuerySchema, directoryUpdateSchema } from "@/domain/directory/schemas";
import { messageKeyForCode } from "@/domain/errors";

const all = DIRECTORY_DESCRIPTORS as readonly DirectoryDescriptor[];
const labels = JSON.parse(readFileSync("messages/fr.json", "utf8")).DirectoryLabels as Record<string, unknown>;
const at = (key: string) => key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), labels);

describe("directory descriptors", () => {
  it("name every type once, with unique API segments and resources", () => {
    expect(new Set(all.map((d) => d.segment)).size).toBe(all.length);
    expect(new Set(all.map((d) => d.resource)).size).toBe(all.length);
    expect(isDirectoryType("crematoriums")).toBe(true);
    expect(directoryDescriptor("unicorns")).toBeNull();
  });

  it("have a French label for every type, field, sub-item collection and enum value", () => {
    const missing: string[] = [];
    const check = (key: string) => typeof at(key) !== "string" && missing.push(key);
    for (const d of all) {
      check(`${typeLabelKey(d)}.one`);
      check(`${typeLabelKey(d)}.other`);
      for (const field of [...d.fields, ...d.subItems.flatMap((s) => s.fields)]) {
        check(fieldLabelKey(field));
        for (const option of field.options ?? []) check(optionLabelKey(field, option));
      }
      for (const sub of d.subItems) check(subItemLabelKey(sub));
    }
    expect(missing).toEqual([]);
  });

  it("label and sort by fields they have", () => {
    for (const d of all) {
      expect(d.fields.map((f) => f.key), d.type).toContain(d.labelField);
      expect(d.fields.find((f) => f.key === d.labelField)!.required, d.type).toBe(true);
      for (const key of d.naturalKey) expect(d.fields.map((f) => f.key), d.type).toContain(key);
    }
  });
});

describe("directory schemas", () => {
  const update = directoryUpdateSchema(crematoriumsDescriptor);

  it("read sub-items as creations, changes and destructions", () => {
    const parsed = update.parse({ rooms: [{ id: 3, price_cents: 5 }, { id: 4, _destroy: true }, { name: "Salon", price_cents: 2 }] });
    expect(parsed.rooms).toEqual([
      { op: "update", id: 3, values: { price_cents: 5 } },
      { op: "destroy", id: 4 },
      { op: "create", values: { name: "Salon", price_cents: 2 } },
    ]);
  });

  it("refuse an update of a sub-item without its id (SPEC §5)", () => {
    const codes = (body: unknown) => update.safeParse(body).error?.issues.map((i) => i.message);
    expect(codes({ rooms: [{ _destroy: true }] })).toEqual(["crematorium_room__id__missing"]);
    expect(codes({ rooms: [{ name: "Salon", price_cents: 2, updated_at: 1_700_000_000 }] })).toEqual(["crematorium_room__id__missing"]);
    expect(codes({ rooms: [{ price_cents: 2 }] })).toEqual(["crematorium_room__name__blank"]);
    expect(codes({ rooms: [{ id: "x", price_cents: 2 }] })).toEqual(["crematorium_room__id__invalid"]);
    expect(codes({ rooms: "none" })).toEqual(["crematorium_room__body__invalid"]);
  });

  it("refuse ids of sub-items on a creation, and blank required fields", () => {
    const create = directoryCreateSchema(crematoriumsDescriptor);
    expect(create.safeParse({ name: "A", rooms: [{ id: 1, name: "B", price_cents: 1 }] }).error?.issues.map((i) => i.message)).toEqual(["crematorium_room__id__invalid"]);
    expect(create.safeParse({ name: "  " }).error?.issues.map((i) => i.message)).toEqual(["crematorium__name__blank"]);
    expect(create.safeParse({ name: "A", country_code: null }).error?.issues.map((i) => i.message)).toEqual(["crematorium__country_code__blank"]);
    expect(create.parse({ name: "A", worship_ids: null, email: "" })).toMatchObject({ worship_ids: [], email: null });
  });

  it("check list queries", () => {
    const query = directoryListQuerySchema(graveyardsDescriptor);
    expect(query.parse({ q: " lyon ", department: "2a", disabled: "false", sort: "city", direction: "desc" })).toMatchObject({ q: "lyon", department: "2A", disabled: false, sort: "city", direction: "desc", page: 1, per_page: 25 });
    expect(query.safeParse({ per_page: "500" }).error?.issues.map((i) => i.message)).toEqual(["per_page__too_big"]);
  });
});

describe("directory CSV", () => {
  it("reads quotes, commas, line breaks, a BOM and CRLF, giving each record its first line number", () => {
    const text = `\uFEFFname,city\r\n"Crématorium ""du Parc"", Nord","Lyon\r\n3e"\r\n\r\nB,C\r\n`;
    expect(parseCsv(text)).toEqual({
      records: [
        { line: 1, cells: ["name", "city"] },
        { line: 2, cells: ['Crématorium "du Parc", Nord', "Lyon\r\n3e"] },
        { line: 5, cells: ["B", "C"] },
      ],
      unterminated: null,
    });
    expect(parseCsv('a\n"b').unterminated).toBe(2);
  });

  it("writes cells that read back the same, formulas disarmed, phone numbers kept", () => {
    const cells = ["=SUM(A1)", "+33 4 78 00 00 00", "-12.5", 'a "b", c', "@x"];
    const line = csvLine(cells);
    expect(line).toBe(`"'=SUM(A1)",+33 4 78 00 00 00,-12.5,"a ""b"", c","'@x"`);
    const header = ["name", "phone", "latitude", "address", "city"];
    const entry = readCsvEntry({ ...crematoriumsDescriptor }, header, parseCsv(line).records[0]!.cells);
    expect(entry.fields).toEqual({ name: "=SUM(A1)", phone: "+33 4 78 00 00 00", latitude: -12.5, address: 'a "b", c', city: "@x" });
  });

  it("has one column per field and per sub-item collection", () => {
    expect(csvColumns(crematoriumsDescriptor).slice(0, 2)).toEqual(["id", "name"]);
    expect(csvColumns(crematoriumsDescriptor).slice(-3)).toEqual(["age_ranges", "ceremonies", "rooms"]);
  });
});

describe("directory error codes", () => {
  it("share one sentence per family", () => {
    expect(messageKeyForCode("crematorium__entry__in_use")).toBe("directory__entry__in_use");
    expect(messageKeyForCode("crematorium_room__id__missing")).toBe("directory__id__missing");
    expect(messageKeyForCode("graveyard_concession__concession_term_id__not_found")).toBe("directory__reference__not_found");
    expect(messageKeyForCode("crematorium__reduced_price_cityhall_ids__not_found")).toBe("directory__reference__not_found");
    expect(messageKeyForCode("graveyard_concession__body__duplicate")).toBe("directory__duplicate");
    expect(messageKeyForCode("crematorium__name__blank")).toBe("validation_failed");
  });
});
