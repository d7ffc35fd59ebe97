import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { DirectoryDescriptor, SubItemDescriptor } from "@/domain/directory/descriptor";
import { rowProblems, type NestedChanges, type SubItemChange } from "@/domain/directory/schemas";
import type { DirectoryDependents, DirectoryEntry } from "@/domain/directory/schemas";
import type { Db } from "@/server/db/client";
import { ApiError, errorCodesOf } from "@/server/http/errors";
import { recordChanges, sameSnapshot, snapshot } from "@/server/services/directory/changes";
import { afterDirectoryChange, type DirectoryCachePort } from "@/server/services/directory/cache-port";
import { reaches, writeReach, type DirectoryCaller } from "@/server/services/directory/caller";
import type { SubItemBinding } from "@/server/services/directory/bindings";
import { bindingFor, column, hasColumn, rowToValues, valuesToColumns, withDefaults } from "@/server/services/directory/columns";
import { dependentsOf } from "@/server/services/directory/dependents";
import { findRow, readEntry } from "@/server/services/directory/read-entries";
import { referenceProblems } from "@/server/services/directory/references";

/**
 * Writing the directory (SPEC §7 "Partner administration"): create, update with nested
 * sub-items, disable, delete. Each write is one transaction holding the change and its
 * history line; caches are told once it committed.
 */

/** A deletion refused because something depends on the entry: the answer says what. */
export class EntryInUseError extends ApiError {
  constructor(
    resource: string,
    readonly dependents: DirectoryDependents,
  ) {
    super(422, `${resource}__entry__in_use`);
  }
}

export interface WriteContext {
  caller: DirectoryCaller;
  cache: DirectoryCachePort;
  now: Date;
}

type Problem = { field: string; code: string };

function refuse(problems: readonly (Problem | string)[]): never {
  throw new ApiError(422, [...new Set(problems.map((p) => (typeof p === "string" ? p : p.code)))]);
}

/** A constraint the checks above could not see (two writers at once) as a 422 rather than a 500. */
async function translatingConstraints<T>(resource: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const codes = errorCodesOf(error);
    if (codes.includes("23505")) throw new ApiError(422, `${resource}__body__duplicate`);
    if (codes.includes("23503")) throw new ApiError(422, `${resource}__entry__in_use`);
    if (codes.includes("23514")) throw new ApiError(422, `${resource}__body__invalid`);
    throw error;
  }
}

function fieldValues(descriptor: DirectoryDescriptor, input: Record<string, unknown>): Record<string, unknown> {
  const keys = new Set(descriptor.fields.map((f) => f.key));
  return Object.fromEntries(Object.entries(input).filter(([key, value]) => keys.has(key) && value !== undefined));
}

export async function createEntry(db: Db, ctx: WriteContext, descriptor: DirectoryDescriptor, input: Record<string, unknown>): Promise<DirectoryEntry> {
  // A pro changes its own organisation's entry; it creates none.
  if (writeReach(ctx.caller, descriptor) !== "all") throw new ApiError(403, "forbidden");
  const binding = bindingFor(descriptor);
  const values = withDefaults(descriptor.fields, fieldValues(descriptor, input));
  const problems = await referenceProblems(db, descriptor.resource, descriptor.fields, values);
  if (problems.length > 0) refuse(problems);
  const entry = await translatingConstraints(descriptor.resource, () =>
    db.transaction(async (tx) => {
      const [row] = (await tx
        .insert(binding.table)
        .values({ ...valuesToColumns(descriptor.fields, values), ...binding.fixed, createdAt: ctx.now, updatedAt: ctx.now })
        .returning()) as Record<string, unknown>[];
      const id = Number(row!.id);
      await applySubItems(tx, descriptor, id, input, ctx.now);
      const after = await readEntry(tx, descriptor, id);
      await recordChanges(tx, ctx.caller, [{ type: descriptor.type, entryId: id, action: "create", before: null, after }], ctx.now);
      return after;
    }),
  );
  await afterDirectoryChange(db, ctx.cache, descriptor, [entry.id]);
  return entry;
}

export async function updateEntry(db: Db, ctx: WriteContext, descriptor: DirectoryDescriptor, id: number, input: Record<string, unknown>): Promise<DirectoryEntry> {
  const reach = writeReach(ctx.caller, descriptor);
  // SPEC §5: the update names its entry; a body id naming another one is refused.
  if (input.id !== undefined && input.id !== null && Number(input.id) !== id) refuse([`${descriptor.resource}__id__invalid`]);
  const binding = bindingFor(descriptor);
  const values = fieldValues(descriptor, input);
  const result = await translatingConstraints(descriptor.resource, () =>
    db.transaction(async (tx) => {
      const row = await findRow(tx, descriptor, id, reach, { lock: true });
      const before = await readEntry(tx, descriptor, id);
      const merged = { ...rowToValues(descriptor.fields, row), ...values };
      // A supplier's pro keeps its warehouses: it cannot hand one to another supplier.
      if (!reaches(reach, id, merged)) throw new ApiError(403, "forbidden");
      const problems = [...rowProblems(descriptor.resource, descriptor.checks, merged), ...(await referenceProblems(tx, descriptor.resource, descriptor.fields, values))];
      if (problems.length > 0) refuse(problems);
      await tx
        .update(binding.table)
        .set({ ...valuesToColumns(descriptor.fields, values), updatedAt: ctx.now })
        .where(eq(column(binding.table, "id"), id));
      await applySubItems(tx, descriptor, id, input, ctx.now);
      const after = await readEntry(tx, descriptor, id);
      const changed = !sameSnapshot(snapshot(before), snapshot(after));
      if (changed) await recordChanges(tx, ctx.caller, [{ type: descriptor.type, entryId: id, action: "update", before, after }], ctx.now);
      return { after, changed };
    }),
  );
  if (result.changed) await afterDirectoryChange(db, ctx.cache, descriptor, [id]);
  return result.after;
}

/** PUT …/{id}/disabled (SPEC §4: the disabled flag set by value). */
export async function setEntryDisabled(db: Db, ctx: WriteContext, descriptor: DirectoryDescriptor, id: number, value: boolean): Promise<DirectoryEntry> {
  const reach = writeReach(ctx.caller, descriptor);
  const binding = bindingFor(descriptor);
  if (!descriptor.disableable || !hasColumn(binding.table, "disabled")) throw new ApiError(404, "not_found");
  const result = await db.transaction(async (tx) => {
    const row = await findRow(tx, descriptor, id, reach, { lock: true });
    if (Boolean(row.disabled) === value) return { entry: await readEntry(tx, descriptor, id), changed: false };
    const before = await readEntry(tx, descriptor, id);
    await tx
      .update(binding.table)
      .set({ disabled: value, updatedAt: ctx.now })
      .where(eq(column(binding.table, "id"), id));
    const after = await readEntry(tx, descriptor, id);
    await recordChanges(tx, ctx.caller, [{ type: descriptor.type, entryId: id, action: value ? "disable" : "enable", before, after }], ctx.now);
    return { entry: after, changed: true };
  });
  if (result.changed) await afterDirectoryChange(db, ctx.cache, descriptor, [id]);
  return result.entry;
}

/** DELETE: only an entry nothing depends on (its own sub-items go with it); else 422 with what depends. */
export async function deleteEntry(db: Db, ctx: WriteContext, descriptor: DirectoryDescriptor, id: number): Promise<void> {
  if (writeReach(ctx.caller, descriptor) !== "all") throw new ApiError(403, "forbidden");
  const binding = bindingFor(descriptor);
  await translatingConstraints(descriptor.resource, () =>
    db.transaction(async (tx) => {
      await findRow(tx, descriptor, id, "all", { lock: true });
      const dependents = await dependentsOf(tx, descriptor, id);
      if (!dependents.deletable) throw new EntryInUseError(descriptor.resource, dependents);
      const before = await readEntry(tx, descriptor, id);
      await tx.delete(binding.table).where(eq(column(binding.table, "id"), id));
      await recordChanges(tx, ctx.caller, [{ type: descriptor.type, entryId: id, action: "delete", before, after: null }], ctx.now);
    }),
  );
  await afterDirectoryChange(db, ctx.cache, descriptor, [id]);
}

/**
 * The sub-item changes of a write, collection by collection in the descriptor's order (a
 * graveyard's terms before the concessions that name them): destroy, change, create.
 */
export async function applySubItems(tx: Db, descriptor: DirectoryDescriptor, parentId: number, input: Record<string, unknown>, now: Date): Promise<void> {
  for (const sub of descriptor.subItems) {
    const changes = input[sub.key] as SubItemChange[] | undefined;
    if (!changes || changes.length === 0) continue;
    await applyCollection(tx, descriptor, sub, parentId, changes, now);
  }
}

/**
 * One collection's changes under one parent. `binding` is given for a nested collection (a
 * warehouse's products under the supplier's warehouses), whose items' own changes follow
 * each item's write.
 */
async function applyCollection(
  tx: Db,
  descriptor: DirectoryDescriptor,
  sub: SubItemDescriptor,
  parentId: number,
  changes: readonly SubItemChange[],
  now: Date,
  nestedBinding?: SubItemBinding,
): Promise<void> {
  const binding = nestedBinding ?? bindingFor(descriptor).subItems[sub.key]!;
  const table = binding.table;
  const idColumn = column(table, "id");
  const parentColumn = column(table, binding.parentColumn);
  const existing = new Map(
    ((await tx.select().from(table).where(eq(parentColumn, parentId))) as Record<string, unknown>[]).map((row) => [Number(row.id), row]),
  );
  const problems: Problem[] = [];
  const seen = new Set<number>();
  for (const change of changes) {
    if (change.op === "create") continue;
    if (!existing.has(change.id) || seen.has(change.id)) problems.push({ field: "id", code: `${sub.resource}__id__not_found` });
    seen.add(change.id);
  }
  if (problems.length > 0) refuse(problems);

  const rows: { change: SubItemChange; merged: Record<string, unknown> }[] = [];
  for (const change of changes) {
    if (change.op === "destroy") continue;
    const current = change.op === "update" ? rowToValues(sub.fields, existing.get(change.id)!) : {};
    const merged = { ...current, ...withDefaults(change.op === "create" ? sub.fields : [], change.values) };
    rows.push({ change, merged });
    problems.push(...rowProblems(sub.resource, sub.checks, merged), ...(await referenceProblems(tx, sub.resource, sub.fields, change.values)));
  }
  if (!nestedBinding) problems.push(...(await siblingProblems(tx, descriptor, sub, parentId, rows.map((r) => r.change.op === "destroy" ? {} : r.change.values))));
  if (problems.length > 0) refuse(problems);

  const destroyed = changes.flatMap((c) => (c.op === "destroy" ? [c.id] : []));
  // A constraint of the collection (the same type and term twice) is reported as this collection's.
  await translatingConstraints(sub.resource, async () => {
    if (destroyed.length > 0) await tx.delete(table).where(and(eq(parentColumn, parentId), inArray(idColumn, destroyed)));
    for (const { change, merged } of rows) {
      let itemId: number | null = null;
      if (change.op === "update") {
        const set = valuesToColumns(sub.fields, change.values);
        if (Object.keys(set).length > 0) await tx.update(table).set({ ...set, updatedAt: now }).where(and(eq(parentColumn, parentId), eq(idColumn, change.id)));
        itemId = change.id;
      } else if (change.op === "create") {
        const [created] = (await tx
          .insert(table)
          .values({ ...valuesToColumns(sub.fields, merged), [binding.parentColumn]: parentId, createdAt: now, updatedAt: now })
          .returning({ id: idColumn })) as { id: number }[];
        itemId = Number(created!.id);
      }
      if (itemId !== null && change.op !== "destroy") await applyNested(tx, descriptor, sub, binding, itemId, change.nested, now);
    }
  });
}

/** The changes of an item's own collections (SubItemDescriptor.subItems), once the item is written. */
async function applyNested(tx: Db, descriptor: DirectoryDescriptor, sub: SubItemDescriptor, binding: SubItemBinding, itemId: number, nested: NestedChanges | undefined, now: Date) {
  if (!nested) return;
  for (const child of sub.subItems ?? []) {
    const changes = nested[child.key];
    if (changes?.length) await applyCollection(tx, descriptor, child, itemId, changes, now, binding.subItems![child.key]!);
  }
}

/** Fields naming another collection of the same parent must name one of its items (or a shared row). */
async function siblingProblems(tx: Db, descriptor: DirectoryDescriptor, sub: SubItemDescriptor, parentId: number, values: readonly Record<string, unknown>[]): Promise<Problem[]> {
  const binding = bindingFor(descriptor);
  const siblings = binding.subItems[sub.key]!.siblings ?? {};
  const problems: Problem[] = [];
  for (const [field, rule] of Object.entries(siblings)) {
    const wanted = [...new Set(values.map((v) => v[field]).filter((v): v is number => typeof v === "number"))];
    if (wanted.length === 0) continue;
    const target = binding.subItems[rule.subKey]!;
    const parent = column(target.table, target.parentColumn);
    const rows = (await tx
      .select({ id: column(target.table, "id") })
      .from(target.table)
      .where(and(inArray(column(target.table, "id"), wanted), rule.orShared ? or(eq(parent, parentId), isNull(parent)) : eq(parent, parentId)))) as { id: number }[];
    const known = new Set(rows.map((r) => Number(r.id)));
    if (wanted.some((id) => !known.has(id))) problems.push({ field, code: `${sub.resource}__${field}__not_found` });
  }
  return problems;
}
