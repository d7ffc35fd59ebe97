import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { columnOf, type DirectoryDescriptor, type SubItemDescriptor } from "@/domain/directory/descriptor";
import type { DirectoryEntry, DirectoryListQuery } from "@/domain/directory/schemas";
import { pagingMeta, type PagingMeta } from "@/domain/schemas/common";
import type { Db } from "@/server/db/client";
import { notFoundError } from "@/server/http/errors";
import { searchTerm } from "@/server/services/search-text";
import { bindingFor, column, columnsOf, hasColumn, rowToValues, scoped, subItemToApi, timestampsOf } from "@/server/services/directory/columns";
import type { DirectoryReach } from "@/server/services/directory/caller";
import type { SubItemBinding } from "@/server/services/directory/bindings";

/** Reading the directory: one entry with its sub-items, and the searchable, sortable, paginated list. */

/** An entry as the API shows it, without its sub-items. */
export function toEntry(descriptor: DirectoryDescriptor, row: Record<string, unknown>): DirectoryEntry {
  const values = rowToValues(descriptor.fields, row);
  // A computed label (binding.label) comes with the row as `entryLabel`.
  const label = LABEL in row ? row[LABEL] : row[columnOf(descriptor.fields.find((f) => f.key === descriptor.labelField)!)];
  const entry: DirectoryEntry = { id: Number(row.id), label: String(label ?? ""), ...timestampsOf(row), ...values };
  if ("demo" in row) entry.demo = Boolean(row.demo);
  return entry;
}

/** Each sub-item collection of the given entries, in the descriptor's order. */
export async function loadSubItems(db: Db, descriptor: DirectoryDescriptor, ids: readonly number[]): Promise<Map<number, Record<string, Record<string, unknown>[]>>> {
  return loadCollections(db, descriptor.subItems, bindingFor(descriptor).subItems, ids);
}

type Collections = Map<number, Record<string, Record<string, unknown>[]>>;

/** Collections of the given parents, each item with its own nested collections (a warehouse's products). */
async function loadCollections(db: Db, subs: readonly SubItemDescriptor[], bindings: Record<string, SubItemBinding>, ids: readonly number[]): Promise<Collections> {
  const out: Collections = new Map(ids.map((id) => [id, Object.fromEntries(subs.map((s) => [s.key, []]))]));
  if (ids.length === 0) return out;
  for (const sub of subs) {
    const target = bindings[sub.key]!;
    const parent = column(target.table, target.parentColumn);
    const order = [...(sub.orderBy ?? []).map((key) => asc(column(target.table, columnOf(sub.fields.find((f) => f.key === key)!)))), asc(column(target.table, "id"))];
    const rows: Record<string, unknown>[] = [];
    // Bounded lists of parents: an export reads thousands of entries' collections.
    for (let i = 0; i < ids.length; i += 5000) rows.push(...((await db.select().from(target.table).where(inArray(parent, ids.slice(i, i + 5000))).orderBy(...order)) as Record<string, unknown>[]));
    const nested = sub.subItems?.length ? await loadCollections(db, sub.subItems, target.subItems ?? {}, rows.map((r) => Number(r.id))) : null;
    for (const row of rows) out.get(Number(row[target.parentColumn]))![sub.key]!.push({ ...subItemToApi(sub, row), ...nested?.get(Number(row.id)) });
  }
  return out;
}

/** Key of a computed label (binding.label) in a row read by entryRows. */
const LABEL = "entryLabel";

/** Rows of the type's table, with the computed label when the binding has one. */
export function entryRows(db: Db, descriptor: DirectoryDescriptor): RowsQuery {
  const binding = bindingFor(descriptor);
  if (!binding.label) return plainRows(db, binding.table);
  // Same rows, one more column: the query's type stays the plain one's.
  return db.select({ ...columnsOf(binding.table), [LABEL]: binding.label(binding.table) }).from(binding.table) as unknown as RowsQuery;
}
const plainRows = (db: Db, table: PgTable) => db.select().from(table);
type RowsQuery = ReturnType<typeof plainRows>;

/** The condition of an owner-scoped reach (a pro's supplier's warehouses). */
export function reachCondition(descriptor: DirectoryDescriptor, reach: DirectoryReach): SQL | undefined {
  const table = bindingFor(descriptor).table;
  if (reach === "all" || reach === "none") return undefined;
  if (typeof reach === "number") return eq(column(table, "id"), reach);
  return eq(column(table, columnOf(descriptor.fields.find((f) => f.key === reach.owner)!)), reach.id);
}

/** The entry's row, or 404 when it does not exist or the caller does not reach it. */
export async function findRow(db: Db, descriptor: DirectoryDescriptor, id: number, reach: DirectoryReach, options: { lock?: boolean } = {}): Promise<Record<string, unknown>> {
  if (reach === "none" || (typeof reach === "number" && reach !== id)) throw notFoundError();
  const binding = bindingFor(descriptor);
  const query = entryRows(db, descriptor).where(scoped(descriptor, eq(column(binding.table, "id"), id), reachCondition(descriptor, reach))).limit(1);
  const [row] = (await (options.lock ? query.for("update") : query)) as Record<string, unknown>[];
  if (!row) throw notFoundError();
  return row;
}

/** The entry with every sub-item collection: what GET one answers and what the history keeps. */
export async function readEntry(db: Db, descriptor: DirectoryDescriptor, id: number, reach: DirectoryReach = "all"): Promise<DirectoryEntry> {
  const row = await findRow(db, descriptor, id, reach);
  const subs = await loadSubItems(db, descriptor, [id]);
  return { ...toEntry(descriptor, row), ...subs.get(id) };
}

function searchCondition(descriptor: DirectoryDescriptor, q: string | undefined): SQL | undefined {
  const term = searchTerm(q);
  if (!term.text) return undefined;
  const binding = bindingFor(descriptor);
  const target = binding.searchColumn ? column(binding.table, binding.searchColumn) : null;
  // Every word somewhere in the name (or city): "lyon crema" finds "Crématorium de Lyon".
  const words = term.text.split(" ");
  if (target) return and(...words.map((w) => like(target, `%${w}%`)));
  const label = binding.label ? binding.label(binding.table) : column(binding.table, columnOf(descriptor.fields.find((f) => f.key === descriptor.labelField)!));
  return and(...words.map((w) => like(sql`search_norm(${label})`, `%${w}%`)));
}


export async function listEntries(db: Db, descriptor: DirectoryDescriptor, query: DirectoryListQuery, reach: DirectoryReach): Promise<{ data: DirectoryEntry[]; meta: PagingMeta }> {
  if (reach === "none") return { data: [], meta: pagingMeta(query.page, query.per_page, 0) };
  const binding = bindingFor(descriptor);
  const table = binding.table;
  const where = scoped(
    descriptor,
    reachCondition(descriptor, reach),
    searchCondition(descriptor, query.q),
    query.department && hasColumn(table, "departmentCode") ? eq(column(table, "departmentCode"), query.department) : undefined,
    query.disabled !== undefined && hasColumn(table, "disabled") ? eq(column(table, "disabled"), query.disabled) : undefined,
  );
  const sortKey = query.sort ?? descriptor.defaultSort;
  const sortField = descriptor.fields.find((f) => f.key === sortKey);
  const sortProperty = sortField ? columnOf(sortField) : sortKey === "updated_at" ? "updatedAt" : "id";
  const direction = query.direction === "desc" ? desc : asc;
  const [rows, [total]] = await Promise.all([
    entryRows(db, descriptor)
      .where(where)
      .orderBy(direction(columnsOf(table)[sortProperty]!), direction(column(table, "id")))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page) as Promise<Record<string, unknown>[]>,
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { data: rows.map((row) => toEntry(descriptor, row)), meta: pagingMeta(query.page, query.per_page, Number(total?.n ?? 0)) };
}
