import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvColumns, csvLine, parseCsv } from "@/domain/directory/csv";
import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import { DIRECTORY_DESCRIPTORS } from "@/domain/directory/registry";
import { directoryChanges } from "@/server/db/schema/directory";
import { crematoriumRooms, crematoriums, funeralParlors } from "@/server/db/schema/partners";
import { MAX_IMPORT_BYTES } from "@/server/routes/directory-import-body";
import { createTestApp, type TestContext } from "../helpers/app";
import { call, staffHeaders } from "../helpers/directory-fixtures";

/**
 * CSV export and import of every type: an export imports back unchanged; new lines are
 * created and known ones updated (by id or natural key) with their sub-items; a single
 * broken line refuses the whole file with a report of every problem and writes nothing.
 */
let ctx: TestContext;
let advisor: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  advisor = await staffHeaders(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

// The same headers object, so a rotated token is kept for the next call.
const csvHeaders = () => Object.assign(advisor, { "content-type": "text/csv; charset=utf-8" });
const jsonHeaders = () => Object.assign(advisor, { "content-type": "application/json" });
type Report = { dry_run: boolean; total: number; created: number; updated: number; rejected: { line: number; column: string | null; code: string }[] };

async function entries(segment: string) {
  const all: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const list = await call(ctx, "GET", `/api/v1/${segment}?per_page=100&page=${page}&sort=id`, advisor);
    const data = list.body.data as unknown as { id: number }[];
    for (const e of data) {
      const one = (await call(ctx, "GET", `/api/v1/${segment}/${e.id}`, advisor)).body.data as Record<string, unknown>;
      const { updated_at: _u, ...rest } = one;
      all.push(JSON.parse(JSON.stringify(rest, (key, value) => (key === "updated_at" ? undefined : value))));
    }
    if (data.length < 100) break;
  }
  return all;
}

describe.each((DIRECTORY_DESCRIPTORS as readonly DirectoryDescriptor[]).map((d) => [d.type, d] as const))("%s", (_type, d) => {
  it("exports every entry and imports the export back unchanged", async () => {
    const exported = await call(ctx, "GET", `/api/v1/${d.segment}/export.csv`, advisor);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const { records } = parseCsv(exported.text);
    expect(records[0]!.cells).toEqual(csvColumns(d));
    const before = await entries(d.segment);
    expect(records.length - 1).toBe(before.length);

    const [history] = await ctx.db.select({ n: count() }).from(directoryChanges);
    const imported = await call(ctx, "POST", `/api/v1/${d.segment}/import`, csvHeaders(), exported.text);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ dry_run: false, total: before.length, created: 0, updated: before.length, rejected: [] });
    expect(await entries(d.segment)).toEqual(before);
    // Nothing changed, so nothing is recorded.
    expect((await ctx.db.select({ n: count() }).from(directoryChanges))[0]!.n).toBe(history!.n);
  });
});

describe("importing crematoriums", () => {
  const header = ["name", "postal_code", "city", "department_code", "reduced_price_cityhall_ids", "rooms", "age_ranges"];

  it("creates new lines with their sub-items, updates a known one by natural key, and records the import", async () => {
    const rooms = JSON.stringify([{ name: "Grande salle", capacity: 120, price_cents: 25_000 }]);
    const csv = [
      csvLine(header),
      csvLine(["Crématorium des Tilleuls", "38000", "Grenoble", "38", "", rooms, JSON.stringify([{ min_age: 0, max_age: 17, price_cents: 0 }, { min_age: 18, price_cents: 68_000 }])]),
      csvLine(["Crématorium du Lac, salle \"Ouest\"", "74000", "Annecy", "74", "", "", ""]),
    ].join("\n");
    const first = await call(ctx, "POST", "/api/v1/crematoriums/import", csvHeaders(), csv);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ created: 2, updated: 0, rejected: [] });
    const [tilleuls] = await ctx.db.select().from(crematoriums).where(eq(crematoriums.name, "Crématorium des Tilleuls"));
    expect(tilleuls).toMatchObject({ city: "Grenoble", departmentCode: "38", countryCode: "fr", disabled: false });
    expect(await ctx.db.select({ name: crematoriumRooms.name, priceCents: crematoriumRooms.priceCents }).from(crematoriumRooms).where(eq(crematoriumRooms.crematoriumId, tilleuls!.id))).toEqual([{ name: "Grande salle", priceCents: 25_000 }]);
    const [lac] = await ctx.db.select().from(crematoriums).where(eq(crematoriums.postalCode, "74000"));
    expect(lac!.name).toBe('Crématorium du Lac, salle "Ouest"');

    // The same name and postal code (accents and case aside) is the same crematorium: updated, its rooms replaced.
    const again = [csvLine(["name", "postal_code", "city", "rooms"]), csvLine(["CREMATORIUM DES TILLEULS", "38000", "Grenoble-Alpes", "[]"])].join("\r\n");
    const second = await call(ctx, "POST", "/api/v1/crematoriums/import", csvHeaders(), again);
    expect(second.body.data).toMatchObject({ created: 0, updated: 1 });
    const [updated] = await ctx.db.select().from(crematoriums).where(eq(crematoriums.id, tilleuls!.id));
    expect(updated!.name).toBe("CREMATORIUM DES TILLEULS");
    expect(updated!.city).toBe("Grenoble-Alpes");
    expect(await ctx.db.select().from(crematoriumRooms).where(eq(crematoriumRooms.crematoriumId, tilleuls!.id))).toEqual([]);
    const history = (await call(ctx, "GET", `/api/v1/crematoriums/${tilleuls!.id}/changes`, advisor)).body.data as unknown as { action: string; actor: { name: string } }[];
    expect(history.map((h) => h.action)).toEqual(["import", "import"]);
    expect(history[0]!.actor.name).toBe("Nadia Benali");
  });

  it("refuses the whole file when one line is broken, reporting every line, and writes nothing", async () => {
    const countOf = async () => (await ctx.db.select({ n: count() }).from(crematoriums))[0]!.n;
    const changesOf = async () => (await ctx.db.select({ n: count() }).from(directoryChanges))[0]!.n;
    const [before, changesBefore] = [await countOf(), await changesOf()];
    const csv = [
      csvLine(header),
      csvLine(["Crématorium valable", "69000", "Lyon", "69", "", "", ""]),
      csvLine(["", "69000", "Lyon", "69", "", "", ""]),
      csvLine(["Crématorium trop loin", "99999", "Nulle part", "ZZ", "999999", "", ""]),
      csvLine(["Crématorium aux salles cassées", "69000", "Lyon", "69", "", "[{\"name\": ", ""]),
      csvLine(["Crématorium âges", "69000", "Lyon", "69", "", "", JSON.stringify([{ min_age: 20, max_age: 10, price_cents: 1 }, { id: 1, _destroy: true }])]),
      csvLine(["Crématorium valable", "69000", "Lyon", "69", "", "", ""]),
    ].join("\n");
    const refused = await call(ctx, "POST", "/api/v1/crematoriums/import", csvHeaders(), csv);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["directory_import__lines__rejected"]);
    const report = (refused.body as unknown as { report: Report }).report;
    expect(report).toMatchObject({ total: 6, created: 0, updated: 0 });
    expect(report.rejected).toEqual([
      { line: 3, column: "name", code: "crematorium__name__blank" },
      { line: 4, column: "department_code", code: "crematorium__department_code__invalid" },
      { line: 5, column: "rooms", code: "crematorium_room__body__invalid" },
      { line: 6, column: "age_ranges", code: "crematorium_age_range__max_age__too_small" },
      { line: 6, column: "age_ranges", code: "crematorium_age_range__id__invalid" },
      { line: 7, column: "name", code: "directory_import__line__duplicate" },
    ]);
    expect(await countOf()).toBe(before);
    expect(await changesOf()).toBe(changesBefore);
  });

  it("changes fields and sub-items of exported lines by id, arrays and enums included", async () => {
    const exported = (await call(ctx, "GET", "/api/v1/crematoriums/export.csv", advisor)).text;
    const { records } = parseCsv(exported);
    const header = records[0]!.cells;
    const line = records.find((r) => r.cells[header.indexOf("name")] === "Crématorium de Lyon (démo)")!;
    const cells = [...line.cells];
    const id = Number(cells[0]);
    const rooms = JSON.parse(cells[header.indexOf("rooms")]!) as { id: number; name: string; price_cents: number }[];
    rooms[0]!.price_cents = 31_400;
    cells[header.indexOf("rooms")] = JSON.stringify(rooms);
    cells[header.indexOf("reduced_price_cityhall_ids")] = "";
    cells[header.indexOf("website")] = "https://crematorium.example.org/";
    const imported = await call(ctx, "POST", "/api/v1/crematoriums/import", csvHeaders(), [csvLine(header), csvLine(cells)].join("\n"));
    expect(imported.body.data).toMatchObject({ created: 0, updated: 1, rejected: [] });
    const [row] = await ctx.db.select().from(crematoriums).where(eq(crematoriums.id, id));
    expect(row).toMatchObject({ website: "https://crematorium.example.org/", reducedPriceCityhallIds: [] });
    const [room] = await ctx.db.select().from(crematoriumRooms).where(eq(crematoriumRooms.id, rooms[0]!.id));
    expect(room!.priceCents).toBe(31_400);
    const history = (await call(ctx, "GET", `/api/v1/crematoriums/${id}/changes`, advisor)).body.data as unknown as { action: string; after: { rooms: { price_cents: number }[] } }[];
    expect(history[0]!.action).toBe("import");
    expect(history[0]!.after.rooms.map((r) => r.price_cents)).toContain(31_400);
  });

  it("reports a reference to nothing on its line and column", async () => {
    const csv = [csvLine(header), csvLine(["Crématorium réduit", "69000", "Lyon", "69", "999999", "", ""])].join("\n");
    const report = ((await call(ctx, "POST", "/api/v1/crematoriums/import", csvHeaders(), csv)).body as unknown as { report: Report }).report;
    expect(report.rejected).toEqual([{ line: 2, column: "reduced_price_cityhall_ids", code: "crematorium__reduced_price_cityhall_ids__not_found" }]);
  });

  it("a dry run checks every line and writes nothing", async () => {
    const csv = [csvLine(["name", "city"]), csvLine(["Crématorium en essai", "Vienne"])].join("\n");
    const dry = await call(ctx, "POST", "/api/v1/crematoriums/import?dry_run=true", csvHeaders(), csv);
    expect(dry.body.data).toMatchObject({ dry_run: true, created: 1, rejected: [] });
    expect(await ctx.db.select().from(crematoriums).where(eq(crematoriums.name, "Crématorium en essai"))).toEqual([]);
  });

  it("refuses unknown columns, a file for another type, and an unterminated quote", async () => {
    const unknown = await call(ctx, "POST", "/api/v1/crematoriums/import", csvHeaders(), "name,stays\nA,[]\n");
    expect((unknown.body as unknown as { report: Report }).report.rejected).toEqual([{ line: 1, column: "stays", code: "directory_import__column__unknown" }]);
    const open = await call(ctx, "POST", "/api/v1/crematoriums/import", csvHeaders(), 'name\n"Crématorium sans fin\n');
    expect((open.body as unknown as { report: Report }).report.rejected).toEqual([{ line: 2, column: null, code: "directory_import__line__unterminated_quote" }]);
    const empty = await call(ctx, "POST", "/api/v1/crematoriums/import", csvHeaders(), "");
    expect(empty.body.errors).toEqual(["directory_import__file__empty"]);
    const json = await call(ctx, "POST", "/api/v1/crematoriums/import", jsonHeaders(), "{}");
    expect(json.status).toBe(415);
  });

  it("takes the file of a multipart form, and refuses text that is not UTF-8", async () => {
    const form = new FormData();
    form.append("file", new File([csvLine(["name", "city"]) + "\n" + csvLine(["Chambre funéraire importée", "Lyon"])], "parlours.csv", { type: "text/csv" }));
    const { "content-type": _type, ...auth } = advisor;
    const response = await ctx.app.request("/api/v1/funeral_parlors/import", { method: "POST", headers: auth, body: form });
    advisor["access-token"] = response.headers.get("access-token") ?? advisor["access-token"]!;
    expect(response.status).toBe(200);
    expect((await ctx.db.select().from(funeralParlors).where(eq(funeralParlors.name, "Chambre funéraire importée"))).length).toBe(1);
    const latin1 = await ctx.app.request("/api/v1/funeral_parlors/import", { method: "POST", headers: csvHeaders(), body: new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x0a]) });
    expect(await latin1.json()).toEqual({ error: "Unprocessable Entity", errors: ["directory_import__file__not_utf8"] });
  });

  it("refuses a file over the size limit before reading it", async () => {
    const huge = "name\n" + "x".repeat(MAX_IMPORT_BYTES + 10);
    const response = await call(ctx, "POST", "/api/v1/polices/import", csvHeaders(), huge);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: "Payload Too Large", message: "payload_too_large" });
  });

  it("keeps a formula-like name from running in a spreadsheet, and imports it back as typed", async () => {
    const created = await call(ctx, "POST", "/api/v1/polices", jsonHeaders(), { name: "=HYPERLINK(\"http://evil.example\")", phone: "+33 4 78 00 00 00" });
    const id = (created.body.data as { id: number }).id;
    const exported = (await call(ctx, "GET", "/api/v1/polices/export.csv", advisor)).text;
    const line = exported.split("\r\n").find((l) => l.startsWith(`${id},`))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(line).toContain(",+33 4 78 00 00 00,");
    await call(ctx, "POST", "/api/v1/polices/import", csvHeaders(), exported);
    expect(((await call(ctx, "GET", `/api/v1/polices/${id}`, advisor)).body.data as { name: string }).name).toBe("=HYPERLINK(\"http://evil.example\")");
  });
});
