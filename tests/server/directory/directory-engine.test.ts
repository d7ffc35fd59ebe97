import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import { DIRECTORY_DESCRIPTORS } from "@/domain/directory/registry";
import { createTestApp, type TestContext } from "../helpers/app";
import { call, creatableSubItems, sampleCreateBody, sampleFields, seededRefs, staffHeaders, type Refs } from "../helpers/directory-fixtures";

/**
 * Every directory type through the one engine: create with sub-items, read with history,
 * update adding, changing and destroying sub-items in one call, each 422 (blank name,
 * sub-item update without id, unknown sub-item id, unknown reference, cross-field rule,
 * body id of another entry), disable and enable, dependents, delete.
 */
let ctx: TestContext;
let refs: Refs;
let advisor: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  refs = await seededRefs(ctx.db);
  advisor = await staffHeaders(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

type Entry = Record<string, unknown> & { id: number };

// Flights have no name to search and change by (their label is computed): tests/server/directory/logistics.test.ts covers them.
const TYPES = (DIRECTORY_DESCRIPTORS as readonly DirectoryDescriptor[]).filter((d) => d.type !== "flights");

describe.each(TYPES.map((d) => [d.type, d] as const))("%s", (_type, d) => {
  const base = `/api/v1/${d.segment}`;
  let entry: Entry;
  const label = d.labelField;

  it("creates an entry with its sub-items and records the creation", async () => {
    const body = sampleCreateBody(d, refs, 1);
    const created = await call(ctx, "POST", base, advisor, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    entry = created.body.data as Entry;
    expect(entry[label]).toBe(body[label]);
    expect(entry.label).toBe(body[label]);
    for (const sub of creatableSubItems(d)) expect((entry[sub.key] as unknown[]).length).toBe(2);

    const read = await call(ctx, "GET", `${base}/${entry.id}`, advisor);
    expect(read.status).toBe(200);
    expect((read.body.data as Entry).id).toBe(entry.id);
    const changes = read.body.changes as { action: string; actor: { name: string }; before: unknown; after: Record<string, unknown> }[];
    expect(changes[0]).toMatchObject({ action: "create", actor: { name: "Nadia Benali" }, before: null });
    expect(changes[0]!.after[label]).toBe(body[label]);
  });

  it("lists, searches and sorts", async () => {
    const list = await call(ctx, "GET", `${base}?q=${encodeURIComponent(String(entry[label]).toUpperCase())}&sort=id&direction=desc`, advisor);
    expect(list.status).toBe(200);
    expect((list.body.data as unknown as Entry[]).map((e) => e.id)).toContain(entry.id);
    expect(list.body.meta).toMatchObject({ page: 1, per_page: 25 });
    expect((await call(ctx, "GET", `${base}?sort=nope`, advisor)).body.errors).toEqual(["directory__sort__invalid"]);
  });

  it("changes fields and adds, changes and destroys sub-items in one call", async () => {
    const body: Record<string, unknown> = { [label]: `${String(entry[label])} modifié` };
    for (const sub of creatableSubItems(d)) {
      const [first, second] = entry[sub.key] as Entry[];
      const changed = sub.fields.find((f) => f.kind === "money") ?? sub.fields.find((f) => f.kind === "text")!;
      const newValue = changed.kind === "text" ? (changed.key === "zone_id" ? "75" : "renamed") : changed.kind === "money" ? 99_900 : Math.min((changed.min ?? 0) + 5, changed.max ?? 100);
      body[sub.key] = [{ id: first!.id, [changed.key]: newValue }, { id: second!.id, _destroy: true }, { ...sampleFields(sub.fields, refs, 3), ...(sub.key === "coverages" ? { zone_id: "13" } : {}) }];
    }
    const updated = await call(ctx, "PUT", `${base}/${entry.id}`, advisor, body);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = updated.body.data as Entry;
    expect(after[label]).toBe(body[label]);
    for (const sub of creatableSubItems(d)) {
      const items = after[sub.key] as Entry[];
      const ids = items.map((i) => i.id);
      const [first, second] = entry[sub.key] as Entry[];
      expect(ids).toContain(first!.id);
      expect(ids).not.toContain(second!.id);
      expect(items).toHaveLength(2);
    }
    const changes = (await call(ctx, "GET", `${base}/${entry.id}/changes`, advisor)).body.data as unknown as { action: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    expect(changes[0]!.action).toBe("update");
    expect(changes[0]!.before[label]).toBe(entry[label]);
    expect(changes[0]!.after[label]).toBe(body[label]);
    entry = after;
  });

  it("refuses a blank name, a foreign body id and unknown keys' values with their codes, and changes nothing", async () => {
    const blank = await call(ctx, "PUT", `${base}/${entry.id}`, advisor, { [label]: "  " });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([`${d.resource}__${label}__blank`]);
    const foreign = await call(ctx, "PUT", `${base}/${entry.id}`, advisor, { id: entry.id + 1000 });
    expect(foreign.body.errors).toEqual([`${d.resource}__id__invalid`]);
    const missing = await call(ctx, "POST", base, advisor, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toContain(`${d.resource}__${label}__blank`);
    expect(((await call(ctx, "GET", `${base}/${entry.id}`, advisor)).body.data as Entry)[label]).toBe(entry[label]);
  });

  it.runIf(d.fields.some((f) => f.kind === "reference" || f.kind === "reference_list"))("refuses a reference to nothing", async () => {
    const field = d.fields.find((f) => f.kind === "reference" || f.kind === "reference_list")!;
    const response = await call(ctx, "PUT", `${base}/${entry.id}`, advisor, { [field.key]: field.kind === "reference" ? 999_999 : [999_999] });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([`${d.resource}__${field.key}__not_found`]);
  });

  it.runIf(d.subItems.length > 0)("refuses a sub-item update without its id (SPEC §5) and an id of another entry", async () => {
    const sub = creatableSubItems(d)[0] ?? d.subItems[0]!;
    const withoutId = await call(ctx, "PUT", `${base}/${entry.id}`, advisor, { [sub.key]: [{ _destroy: true }] });
    expect(withoutId.status).toBe(422);
    expect(withoutId.body.errors).toEqual([`${sub.resource}__id__missing`]);
    expect(withoutId.body.fields).toEqual([{ path: `${sub.key}.0.id`, code: `${sub.resource}__id__missing` }]);
    const readBack = await call(ctx, "PUT", `${base}/${entry.id}`, advisor, { [sub.key]: [{ ...sampleFields(sub.fields, refs, 1), created_at: 1, updated_at: 1 }] });
    expect(readBack.body.errors).toEqual([`${sub.resource}__id__missing`]);
    const unknown = await call(ctx, "PUT", `${base}/${entry.id}`, advisor, { [sub.key]: [{ id: 999_999, _destroy: true }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([`${sub.resource}__id__not_found`]);
    const onCreate = await call(ctx, "POST", base, advisor, { ...sampleCreateBody(d, refs, 7), [sub.key]: [{ id: 1, ...sampleFields(sub.fields, refs, 1) }] });
    expect(onCreate.body.errors).toContain(`${sub.resource}__id__invalid`);
  });

  it.runIf(d.disableable)("disables and enables by value, recording both", async () => {
    const off = await call(ctx, "PUT", `${base}/${entry.id}/disabled`, advisor, { value: true });
    expect(off.status).toBe(200);
    expect((off.body.data as Entry).disabled).toBe(true);
    expect(((await call(ctx, "GET", `${base}?disabled=true&per_page=100`, advisor)).body.data as unknown as Entry[]).map((e) => e.id)).toContain(entry.id);
    expect(((await call(ctx, "GET", `${base}?disabled=false&per_page=100&sort=id&direction=desc`, advisor)).body.data as unknown as Entry[]).map((e) => e.id)).not.toContain(entry.id);
    const on = await call(ctx, "PUT", `${base}/${entry.id}/disabled`, advisor, { value: false });
    expect((on.body.data as Entry).disabled).toBe(false);
    expect((await call(ctx, "PUT", `${base}/${entry.id}/disabled`, advisor, { value: "yes" })).body.errors).toEqual(["disabled__value__invalid"]);
    const actions = ((await call(ctx, "GET", `${base}/${entry.id}/changes`, advisor)).body.data as unknown as { action: string }[]).map((c) => c.action);
    expect(actions.slice(0, 2)).toEqual(["enable", "disable"]);
  });

  it.runIf(!d.disableable)("has no disabled flag", async () => {
    expect((await call(ctx, "PUT", `${base}/${entry.id}/disabled`, advisor, { value: true })).status).toBe(404);
  });

  it("shows its dependents and deletes an unused entry, keeping its history", async () => {
    const dependents = await call(ctx, "GET", `${base}/${entry.id}/dependents`, advisor);
    expect(dependents.status).toBe(200);
    expect(dependents.body.data).toMatchObject({ deletable: true });
    const deleted = await call(ctx, "DELETE", `${base}/${entry.id}`, advisor);
    expect(deleted.status).toBe(204);
    expect((await call(ctx, "GET", `${base}/${entry.id}`, advisor)).status).toBe(404);
  });
});

describe("rules of particular types", () => {
  it("an age range's upper bound is not below its lower bound, on creation and on a change", async () => {
    const created = await call(ctx, "POST", "/api/v1/crematoriums", advisor, { name: "Crématorium test", age_ranges: [{ min_age: 10, max_age: 5, price_cents: 100 }] });
    expect(created.body.errors).toEqual(["crematorium_age_range__max_age__too_small"]);
    const ok = await call(ctx, "POST", "/api/v1/crematoriums", advisor, { name: "Crématorium test", age_ranges: [{ min_age: 10, max_age: 20, price_cents: 100 }] });
    const range = ((ok.body.data as Entry).age_ranges as Entry[])[0]!;
    const changed = await call(ctx, "PUT", `/api/v1/crematoriums/${(ok.body.data as Entry).id}`, advisor, { age_ranges: [{ id: range.id, min_age: 30 }] });
    expect(changed.body.errors).toEqual(["crematorium_age_range__max_age__too_small"]);
  });

  it("a graveyard's concession names one of its own terms and a shared or own concession type", async () => {
    const created = await call(ctx, "POST", "/api/v1/graveyards", advisor, {
      name: "Cimetière test",
      concession_terms: [{ label: "30 ans", duration_years: 30 }],
      concession_types: [{ name: "Caveau local", kind: "vault", places: 4 }],
    });
    expect(created.status).toBe(201);
    const yard = created.body.data as Entry;
    const term = (yard.concession_terms as Entry[])[0]!;
    const ownType = (yard.concession_types as Entry[])[0]!;
    const added = await call(ctx, "PUT", `/api/v1/graveyards/${yard.id}`, advisor, {
      concessions: [
        { concession_type_id: refs.concession_types, concession_term_id: term.id, price_cents: 45_000 },
        { concession_type_id: ownType.id, concession_term_id: term.id, price_cents: 90_000 },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((added.body.data as Entry).concessions).toHaveLength(2);
    // Another graveyard's term is not this one's.
    const other = await call(ctx, "POST", "/api/v1/graveyards", advisor, { name: "Autre cimetière", concession_terms: [{ label: "15 ans", duration_years: 15 }] });
    const foreignTerm = ((other.body.data as Entry).concession_terms as Entry[])[0]!;
    const refused = await call(ctx, "PUT", `/api/v1/graveyards/${yard.id}`, advisor, { concessions: [{ concession_type_id: refs.concession_types, concession_term_id: foreignTerm.id, price_cents: 1 }] });
    expect(refused.body.errors).toEqual(["graveyard_concession__concession_term_id__not_found"]);
    // The same type and term twice is one concession, not two.
    const twice = await call(ctx, "PUT", `/api/v1/graveyards/${yard.id}`, advisor, { concessions: [{ concession_type_id: refs.concession_types, concession_term_id: term.id, price_cents: 1 }] });
    expect(twice.body.errors).toEqual(["graveyard_concession__body__duplicate"]);
    // Shared concession types stay apart from a graveyard's own.
    const shared = (await call(ctx, "GET", "/api/v1/concession_types?per_page=100", advisor)).body.data as unknown as Entry[];
    expect(shared.map((t) => t.id)).not.toContain(ownType.id);
  });

  it("a hospital's agreement names a place of its location type", async () => {
    const refused = await call(ctx, "POST", "/api/v1/hospitals", advisor, { name: "Hôpital test", agreement_location_type: "Crematorium", agreement_location_id: 999_999 });
    expect(refused.body.errors).toEqual(["hospital__agreement_location_id__not_found"]);
  });

  it("an entry something depends on is not deleted: 422 and what depends on it", async () => {
    // The seeded hospital of Lyon sends its bodies to the first funeral parlour of Lyon.
    const hospitals = (await call(ctx, "GET", "/api/v1/hospitals?q=centre%20hospitalier%20lyon", advisor)).body.data as unknown as Entry[];
    const parlorId = hospitals[0]!.agreement_location_id as number;
    const dependents = await call(ctx, "GET", `/api/v1/funeral_parlors/${parlorId}/dependents`, advisor);
    const groups = (dependents.body.data as { groups: { kind: string; items: { type?: string; id: number | string; path?: string }[] }[]; deletable: boolean });
    expect(groups.deletable).toBe(false);
    expect(groups.groups.find((g) => g.kind === "directory_entries")!.items).toContainEqual(expect.objectContaining({ type: "hospitals", id: hospitals[0]!.id }));
    expect(groups.groups.find((g) => g.kind === "commune_pages")!.items[0]!.path).toBe("/pompes-funebres/lyon-69123");
    const refused = await call(ctx, "DELETE", `/api/v1/funeral_parlors/${parlorId}`, advisor);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["funeral_parlor__entry__in_use"]);
    expect((refused.body as unknown as { dependents: { deletable: boolean } }).dependents).toEqual(dependents.body.data);
    expect((await call(ctx, "GET", `/api/v1/funeral_parlors/${parlorId}`, advisor)).status).toBe(200);
  });
});
