import { and, eq, getTableName, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import { csvHeaderProblems, parseCsv, readCsvEntry } from "@/domain/directory/csv";
import { directoryCreateSchema, directoryUpdateSchema, rowProblems, type ImportRejection, type ImportReport, type NestedChanges, type SubItemChange } from "@/domain/directory/schemas";
import { normalizeSearchText } from "@/domain/schemas/autocomplete";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { ApiError } from "@/server/http/errors";
import { afterDirectoryChange } from "@/server/services/directory/cache-port";
import { bulkInsert, bulkUpdate } from "@/server/services/directory/bulk-writes";
import { recordChanges, sameSnapshot, snapshot, type ChangeRecord } from "@/server/services/directory/changes";
import { bindingFor, column, rowToValues, scoped, subItemToApi, valuesToColumns, withDefaults } from "@/server/services/directory/columns";
import { loadSubItems, toEntry } from "@/server/services/directory/read-entries";
import type { SubItemBinding } from "@/server/services/directory/bindings";
import { collectReferences, existingReferences, missingReferences, type WantedReferences } from "@/server/services/directory/references";
import type { WriteContext } from "@/server/services/directory/write-entries";

/**
 * POST …/import: every line checked with the API's own schemas and reference checks,
 * a report of each refused line (line, column, code), and all lines written in one
 * transaction — or none. Upsert by id, else by the descriptor's natural key
 * (format: src/domain/directory/csv.ts). Built for thousands of lines: existing rows,
 * references and sub-items are read in bulk and new rows written in batches.
 */

export const MAX_IMPORT_LINES = 20_000;

interface Line {
  line: number;
  existingId: number | null;
  input: Record<string, unknown>;
  fields: Record<string, unknown>;
  subItems: Record<string, SubItemChange[]>;
}

type Row = Record<string, unknown>;

function naturalKey(descriptor: DirectoryDescriptor, values: Record<string, unknown>): string | null {
  const parts = descriptor.naturalKey.map((key) => values[key]);
  if (parts.some((p) => p === null || p === undefined || p === "")) return null;
  return parts.map((p) => normalizeSearchText(String(p))).join("|");
}

async function loadExisting(db: Db, descriptor: DirectoryDescriptor): Promise<{ byId: Map<number, Row>; byKey: Map<string, number> }> {
  const binding = bindingFor(descriptor);
  const rows = (await db.select().from(binding.table).where(scoped(descriptor))) as Row[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const byKey = new Map<string, number>();
  for (const row of rows) {
    const key = naturalKey(descriptor, rowToValues(descriptor.fields, row));
    if (key && !byKey.has(key)) byKey.set(key, Number(row.id));
  }
  return { byId, byKey };
}

async function loadSubRows(db: Db, descriptor: DirectoryDescriptor, parentIds: readonly number[]): Promise<Map<string, Map<number, Row[]>>> {
  const binding = bindingFor(descriptor);
  const out = new Map<string, Map<number, Row[]>>();
  for (const sub of descriptor.subItems) {
    const target = binding.subItems[sub.key]!;
    const byParent = new Map<number, Row[]>();
    for (let i = 0; i < parentIds.length; i += 5000) {
      const rows = (await db.select().from(target.table).where(inArray(column(target.table, target.parentColumn), parentIds.slice(i, i + 5000)))) as Row[];
      for (const row of rows) {
        const parent = Number(row[target.parentColumn]);
        byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
      }
    }
    out.set(sub.key, byParent);
  }
  return out;
}

/** Rows of the nested collections (a warehouse's products) of the given sub-item rows: sub key → child key → item id → rows. */
type NestedRows = Map<string, Map<string, Map<number, Row[]>>>;

async function loadNestedRows(db: Db, descriptor: DirectoryDescriptor, subRows: Map<string, Map<number, Row[]>>): Promise<NestedRows> {
  const binding = bindingFor(descriptor);
  const out: NestedRows = new Map();
  for (const sub of descriptor.subItems) {
    if (!sub.subItems?.length) continue;
    const itemIds = [...(subRows.get(sub.key)?.values() ?? [])].flat().map((r) => Number(r.id));
    const byChild = new Map<string, Map<number, Row[]>>();
    for (const child of sub.subItems) {
      const target = binding.subItems[sub.key]!.subItems![child.key]!;
      const byItem = new Map<number, Row[]>();
      for (let i = 0; i < itemIds.length; i += 5000) {
        const rows = (await db.select().from(target.table).where(inArray(column(target.table, target.parentColumn), itemIds.slice(i, i + 5000)))) as Row[];
        for (const row of rows) byItem.set(Number(row[target.parentColumn]), [...(byItem.get(Number(row[target.parentColumn])) ?? []), row]);
      }
      byChild.set(child.key, byItem);
    }
    out.set(sub.key, byChild);
  }
  return out;
}

/** Nested items a cell's item leaves out of its existing collections, destroyed (the cell is the whole collection, at each level). */
function withNestedDestroys(sub: DirectoryDescriptor["subItems"][number], items: unknown[], nested: Map<string, Map<number, Row[]>> | undefined): unknown[] {
  if (!sub.subItems?.length || !nested) return items;
  return items.map((item) => {
    if (!item || typeof item !== "object" || !("id" in item)) return item;
    const element = { ...(item as Row) };
    for (const child of sub.subItems!) {
      const given = element[child.key];
      if (!Array.isArray(given)) continue;
      const kept = new Set(given.flatMap((g) => (g && typeof g === "object" && "id" in g ? [Number((g as Row).id)] : [])));
      const gone = (nested.get(child.key)?.get(Number(element.id)) ?? []).filter((r) => !kept.has(Number(r.id))).map((r) => ({ id: Number(r.id), _destroy: true }));
      element[child.key] = [...given, ...gone];
    }
    return element;
  });
}

/** The entries as the API shows them, from rows already read (the history's before and after). */
function entriesOf(descriptor: DirectoryDescriptor, rows: readonly Row[], subs: Map<string, Map<number, Row[]>>): Map<number, Record<string, unknown>> {
  return new Map(
    rows.map((row) => {
      const id = Number(row.id);
      const entry: Record<string, unknown> = { ...toEntry(descriptor, row) };
      for (const sub of descriptor.subItems) {
        entry[sub.key] = (subs.get(sub.key)?.get(id) ?? []).map((r) => subItemToApi(sub, r)).sort((a, b) => Number(a.id) - Number(b.id));
      }
      return [id, entry];
    }),
  );
}

/** Whether a line's sub-item cells change anything of its entry (an export imported back does not). */
function subItemsChange(descriptor: DirectoryDescriptor, line: Line, existingSubs: Map<string, Map<number, Row[]>>): boolean {
  return descriptor.subItems.some((sub) => {
    const own = new Map((existingSubs.get(sub.key)?.get(line.existingId!) ?? []).map((r) => [Number(r.id), r]));
    return (line.subItems[sub.key] ?? []).some((change) => {
      if (change.op !== "update") return true;
      const current = rowToValues(sub.fields, own.get(change.id)!);
      return Object.keys(change.values).some((k) => !sameValue(current[k], change.values[k]));
    });
  });
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function columnOfIssue(path: readonly PropertyKey[]): string | null {
  return path.length > 0 ? String(path[0]) : null;
}

export async function importCsv(db: Db, ctx: WriteContext, descriptor: DirectoryDescriptor, text: string, dryRun: boolean): Promise<ImportReport> {
  const rejected: ImportRejection[] = [];
  const report = (total: number, created: number, updated: number): ImportReport => ({ dry_run: dryRun, total, created, updated, rejected });
  const parsed = parseCsv(text);
  if (parsed.unterminated !== null) rejected.push({ line: parsed.unterminated, column: null, code: "directory_import__line__unterminated_quote" });
  const [head, ...records] = parsed.records;
  if (!head) throw new ApiError(422, "directory_import__file__empty");
  if (records.length > MAX_IMPORT_LINES) throw new ApiError(422, "directory_import__file__too_many_lines");
  const header = head.cells.map((c) => c.trim());
  for (const p of csvHeaderProblems(descriptor, header)) rejected.push({ line: head.line, column: p.column, code: p.code });
  if (rejected.length > 0) return report(records.length, 0, 0);

  const existing = await loadExisting(db, descriptor);
  const createSchema = directoryCreateSchema(descriptor);
  const updateSchema = directoryUpdateSchema(descriptor);
  const seenIds = new Set<number>();
  const seenKeys = new Set<string>();
  const lines: Line[] = [];
  const updatedIds: number[] = [];
  const raws: { record: (typeof records)[number]; entry: ReturnType<typeof readCsvEntry>; existingId: number | null }[] = [];

  for (const record of records) {
    const entry = readCsvEntry(descriptor, header, record.cells);
    for (const p of entry.problems) rejected.push({ line: record.line, ...p });
    let existingId: number | null = null;
    if (entry.id !== null) {
      if (!existing.byId.has(entry.id)) rejected.push({ line: record.line, column: "id", code: `${descriptor.resource}__id__not_found` });
      else existingId = entry.id;
    } else {
      const key = naturalKey(descriptor, entry.fields);
      if (key && seenKeys.has(key)) rejected.push({ line: record.line, column: descriptor.naturalKey[0] ?? null, code: "directory_import__line__duplicate" });
      if (key) seenKeys.add(key);
      existingId = key ? (existing.byKey.get(key) ?? null) : null;
    }
    if (existingId !== null) {
      if (seenIds.has(existingId)) rejected.push({ line: record.line, column: "id", code: "directory_import__line__duplicate" });
      seenIds.add(existingId);
      updatedIds.push(existingId);
    }
    raws.push({ record, entry, existingId });
  }

  // A sub-item cell is the whole collection: what it leaves out of an existing entry goes.
  const existingSubs = await loadSubRows(db, descriptor, updatedIds);
  const existingNested = await loadNestedRows(db, descriptor, existingSubs);
  for (const { record, entry, existingId } of raws) {
    const body: Record<string, unknown> = { ...entry.fields };
    for (const [key, items] of Object.entries(entry.subItems)) {
      const kept = new Set(items.flatMap((item) => (item && typeof item === "object" && "id" in item ? [Number((item as Row).id)] : [])));
      const gone = existingId === null ? [] : (existingSubs.get(key)?.get(existingId) ?? []).filter((r) => !kept.has(Number(r.id))).map((r) => ({ id: Number(r.id), _destroy: true }));
      const sub = descriptor.subItems.find((s) => s.key === key)!;
      body[key] = [...withNestedDestroys(sub, items, existingNested.get(key)), ...gone];
    }
    const result = (existingId === null ? createSchema : updateSchema).safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) rejected.push({ line: record.line, column: columnOfIssue(issue.path), code: issue.message });
      continue;
    }
    const input = result.data as Record<string, unknown>;
    const fields = Object.fromEntries(descriptor.fields.filter((f) => f.key in input && input[f.key] !== undefined).map((f) => [f.key, input[f.key]]));
    const subItems = Object.fromEntries(descriptor.subItems.filter((s) => input[s.key] !== undefined).map((s) => [s.key, input[s.key] as SubItemChange[]]));
    lines.push({ line: record.line, existingId, input, fields, subItems });
  }

  // References of every line (and of their sub-items), read once per kind.
  const wanted: WantedReferences = new Map();
  for (const line of lines) {
    collectReferences(descriptor.fields, line.fields, wanted);
    for (const sub of descriptor.subItems)
      for (const change of line.subItems[sub.key] ?? []) {
        if (change.op === "destroy") continue;
        collectReferences(sub.fields, change.values, wanted);
        for (const child of sub.subItems ?? []) for (const nested of change.nested?.[child.key] ?? []) if (nested.op !== "destroy") collectReferences(child.fields, nested.values, wanted);
      }
  }
  const known = await existingReferences(db, wanted);
  const sharedParents = await siblingParents(db, descriptor, lines);
  for (const line of lines) {
    const current = line.existingId === null ? {} : rowToValues(descriptor.fields, existing.byId.get(line.existingId)!);
    const merged = { ...current, ...(line.existingId === null ? withDefaults(descriptor.fields, line.fields) : line.fields) };
    const problems = [...rowProblems(descriptor.resource, descriptor.checks, merged), ...missingReferences(descriptor.resource, descriptor.fields, line.fields, known)].map((p) => ({
      line: line.line,
      column: p.field,
      code: p.code,
    }));
    for (const sub of descriptor.subItems) {
      const own = new Map((line.existingId === null ? [] : (existingSubs.get(sub.key)?.get(line.existingId) ?? [])).map((r) => [Number(r.id), r]));
      for (const change of line.subItems[sub.key] ?? []) {
        if (change.op !== "create" && !own.has(change.id)) {
          problems.push({ line: line.line, column: sub.key, code: `${sub.resource}__id__not_found` });
          continue;
        }
        if (change.op === "destroy") continue;
        const base = change.op === "update" ? rowToValues(sub.fields, own.get(change.id)!) : {};
        const row = { ...base, ...change.values };
        for (const p of [...rowProblems(sub.resource, sub.checks, row), ...missingReferences(sub.resource, sub.fields, change.values, known)]) problems.push({ line: line.line, column: sub.key, code: p.code });
        // Nested items (a warehouse's products): their ids must be the item's own, their rows whole and their references real.
        for (const child of sub.subItems ?? []) {
          const ownChild = new Map((change.op === "update" ? (existingNested.get(sub.key)?.get(child.key)?.get(change.id) ?? []) : []).map((r) => [Number(r.id), r]));
          for (const nested of change.nested?.[child.key] ?? []) {
            if (nested.op !== "create" && !ownChild.has(nested.id)) {
              problems.push({ line: line.line, column: sub.key, code: `${child.resource}__id__not_found` });
              continue;
            }
            if (nested.op === "destroy") continue;
            const nestedBase = nested.op === "update" ? rowToValues(child.fields, ownChild.get(nested.id)!) : withDefaults(child.fields, {});
            for (const p of [...rowProblems(child.resource, child.checks, { ...nestedBase, ...nested.values }), ...missingReferences(child.resource, child.fields, nested.values, known)])
              problems.push({ line: line.line, column: sub.key, code: p.code });
          }
        }
        for (const [field, rule] of Object.entries(bindingFor(descriptor).subItems[sub.key]!.siblings ?? {})) {
          const value = change.values[field];
          if (typeof value !== "number") continue;
          const ownIds = new Set((line.existingId === null ? [] : (existingSubs.get(rule.subKey)?.get(line.existingId) ?? [])).map((r) => Number(r.id)));
          const parent = sharedParents.get(rule.subKey)?.get(value);
          const ok = ownIds.has(value) || (rule.orShared === true && parent === null);
          if (!ok) problems.push({ line: line.line, column: sub.key, code: `${sub.resource}__${field}__not_found` });
        }
      }
    }
    rejected.push(...problems);
  }
  rejected.sort((a, b) => a.line - b.line);
  const created = lines.filter((l) => l.existingId === null).length;
  const updated = lines.length - created;
  if (rejected.length > 0 || dryRun) return report(records.length, rejected.length > 0 ? 0 : created, rejected.length > 0 ? 0 : updated);

  const ids = await db.transaction(async (tx) => writeLines(tx, ctx, descriptor, lines, existing.byId, existingSubs, existingNested));
  await afterDirectoryChange(db, ctx.cache, descriptor, ids);
  return report(records.length, created, updated);
}

/** Parents (null: shared) of the rows sibling fields name, for the rows the lines name. */
async function siblingParents(db: Db, descriptor: DirectoryDescriptor, lines: readonly Line[]): Promise<Map<string, Map<number, number | null>>> {
  const binding = bindingFor(descriptor);
  const out = new Map<string, Map<number, number | null>>();
  for (const sub of descriptor.subItems) {
    for (const [field, rule] of Object.entries(binding.subItems[sub.key]!.siblings ?? {})) {
      const wanted = new Set<number>();
      for (const line of lines) for (const change of line.subItems[sub.key] ?? []) if (change.op !== "destroy" && typeof change.values[field] === "number") wanted.add(change.values[field] as number);
      if (wanted.size === 0) continue;
      const target = binding.subItems[rule.subKey]!;
      const rows = (await db
        .select({ id: column(target.table, "id"), parent: column(target.table, target.parentColumn) })
        .from(target.table)
        .where(inArray(column(target.table, "id"), [...wanted]))) as { id: number; parent: number | null }[];
      const map = out.get(rule.subKey) ?? new Map<number, number | null>();
      for (const r of rows) map.set(Number(r.id), r.parent === null ? null : Number(r.parent));
      out.set(rule.subKey, map);
    }
  }
  return out;
}

async function writeLines(
  tx: Db,
  ctx: WriteContext,
  descriptor: DirectoryDescriptor,
  lines: readonly Line[],
  existingRows: Map<number, Row>,
  existingSubs: Map<string, Map<number, Row[]>>,
  existingNested: NestedRows,
): Promise<number[]> {
  const binding = bindingFor(descriptor);
  const table = binding.table;
  const now = ctx.now;
  const creates = lines.filter((l) => l.existingId === null);
  const updates = lines.filter((l) => l.existingId !== null);

  // Ids drawn from the table's own sequence, so each new row's sub-items know their parent.
  const newIds = creates.length === 0 ? [] : await drawIds(tx, table, creates.length);
  const parentOf = new Map<Line, number>(creates.map((line, i) => [line, newIds[i]!]));
  for (const line of updates) parentOf.set(line, line.existingId!);

  const beforeEntries = entriesOf(
    descriptor,
    updates.map((l) => existingRows.get(l.existingId!)!),
    existingSubs,
  );

  const createRows = creates.map((line) => ({ id: parentOf.get(line)!, ...valuesToColumns(descriptor.fields, withDefaults(descriptor.fields, line.fields)), ...binding.fixed, createdAt: now, updatedAt: now }));
  await bulkInsert(tx, table, createRows);
  // Only what a line changes is written (an export imported back writes nothing), in bulk.
  const changedParents = updates.flatMap((line) => {
    const current = rowToValues(descriptor.fields, existingRows.get(line.existingId!)!);
    const changed = Object.keys(line.fields).filter((key) => !sameValue(current[key], line.fields[key]));
    if (changed.length === 0 && !subItemsChange(descriptor, line, existingSubs)) return [];
    return [{ id: line.existingId!, ...valuesToColumns(descriptor.fields, Object.fromEntries(changed.map((k) => [k, line.fields[k]]))), updatedAt: now }];
  });
  await bulkUpdate(tx, table, changedParents);

  const hasNested = descriptor.subItems.some((sub) => sub.subItems?.length);
  // The history shows nested items too: read before anything changes.
  const nestedBefore = hasNested ? await loadSubItems(tx, descriptor, updates.map((l) => l.existingId!)) : null;

  for (const sub of descriptor.subItems) {
    const target = binding.subItems[sub.key]!;
    const idCol = column(target.table, "id");
    const destroyed: number[] = [];
    const inserts: { row: Row; nested?: NestedChanges }[] = [];
    const changed: Row[] = [];
    const nestedOf: [number, NestedChanges][] = [];
    for (const line of lines) {
      const parent = parentOf.get(line)!;
      const own = new Map((line.existingId === null ? [] : (existingSubs.get(sub.key)?.get(line.existingId) ?? [])).map((r) => [Number(r.id), r]));
      for (const change of line.subItems[sub.key] ?? []) {
        if (change.op === "destroy") destroyed.push(change.id);
        else if (change.op === "create")
          inserts.push({ row: { ...valuesToColumns(sub.fields, withDefaults(sub.fields, change.values)), [target.parentColumn]: parent, createdAt: now, updatedAt: now }, nested: change.nested });
        else {
          // The id was checked to be one of this entry's sub-items before anything was written.
          const current = rowToValues(sub.fields, own.get(change.id)!);
          const keys = Object.keys(change.values).filter((k) => !sameValue(current[k], change.values[k]));
          if (keys.length > 0) changed.push({ id: change.id, ...valuesToColumns(sub.fields, Object.fromEntries(keys.map((k) => [k, change.values[k]]))), updatedAt: now });
          if (change.nested) nestedOf.push([change.id, change.nested]);
        }
      }
    }
    // New items of a collection with nested ones get their ids first, as new entries do (all
    // of them: one bulk insert gives every row an id or none).
    const drawn = sub.subItems?.length && inserts.length > 0 ? await drawIds(tx, target.table, inserts.length) : [];
    drawn.forEach((id, i) => {
      const insert = inserts[i]!;
      insert.row.id = id;
      if (insert.nested) nestedOf.push([id, insert.nested]);
    });
    for (let i = 0; i < destroyed.length; i += 5000) await tx.delete(target.table).where(inArray(idCol, destroyed.slice(i, i + 5000)));
    await bulkUpdate(tx, target.table, changed);
    await bulkInsert(tx, target.table, inserts.map((insert) => insert.row));
    await writeNested(tx, sub, target, nestedOf, existingNested.get(sub.key), now);
  }

  const ids = [...parentOf.values()];
  const afterRows: Row[] = [];
  for (let i = 0; i < ids.length; i += 5000) afterRows.push(...((await tx.select().from(table).where(inArray(column(table, "id"), ids.slice(i, i + 5000)))) as Row[]));
  const afterEntries = entriesOf(descriptor, afterRows, await loadSubRows(tx, descriptor, ids));
  if (hasNested) {
    const nestedAfter = await loadSubItems(tx, descriptor, ids);
    for (const [id, entry] of beforeEntries) Object.assign(entry, nestedBefore!.get(id));
    for (const [id, entry] of afterEntries) Object.assign(entry, nestedAfter.get(id));
  }
  // A line that changed nothing (an export imported back) leaves no line in the history.
  const records: ChangeRecord[] = ids
    .map((id): ChangeRecord => ({ type: descriptor.type, entryId: id, action: "import", before: beforeEntries.get(id) ?? null, after: afterEntries.get(id) ?? null }))
    .filter((r) => !sameSnapshot(snapshot(r.before), snapshot(r.after)));
  await recordChanges(tx, ctx.caller, records, now);
  return ids;
}

/** Ids drawn from a table's own sequence, so rows written later can name them. */
async function drawIds(tx: Db, table: PgTable, n: number): Promise<number[]> {
  return (await queryRows<{ id: number }>(tx, sql`SELECT nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int AS id FROM generate_series(1, ${n})`)).map((r) => Number(r.id));
}

/** The nested collections' changes of the items just written (a warehouse's products). */
async function writeNested(
  tx: Db,
  sub: DirectoryDescriptor["subItems"][number],
  target: SubItemBinding,
  nestedOf: readonly [number, NestedChanges][],
  existing: Map<string, Map<number, Row[]>> | undefined,
  now: Date,
): Promise<void> {
  for (const child of sub.subItems ?? []) {
    const childTarget = target.subItems![child.key]!;
    const idCol = column(childTarget.table, "id");
    const parentCol = column(childTarget.table, childTarget.parentColumn);
    const destroyed: number[] = [];
    const inserts: Row[] = [];
    for (const [itemId, nested] of nestedOf) {
      for (const change of nested[child.key] ?? []) {
        if (change.op === "destroy") destroyed.push(change.id);
        else if (change.op === "create") inserts.push({ ...valuesToColumns(child.fields, withDefaults(child.fields, change.values)), [childTarget.parentColumn]: itemId, createdAt: now, updatedAt: now });
        else {
          // Only what changed: an export imported back leaves nested items untouched too.
          const row = existing?.get(child.key)?.get(itemId)?.find((r) => Number(r.id) === change.id);
          const current = row ? rowToValues(child.fields, row) : {};
          const set = valuesToColumns(child.fields, Object.fromEntries(Object.entries(change.values).filter(([k, v]) => !sameValue(current[k], v))));
          if (Object.keys(set).length > 0) await tx.update(childTarget.table).set({ ...set, updatedAt: now }).where(and(eq(idCol, change.id), eq(parentCol, itemId)));
        }
      }
    }
    for (let i = 0; i < destroyed.length; i += 5000) await tx.delete(childTarget.table).where(inArray(idCol, destroyed.slice(i, i + 5000)));
    await bulkInsert(tx, childTarget.table, inserts);
  }
}
