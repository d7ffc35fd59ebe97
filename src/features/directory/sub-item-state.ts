/**
 * What the sub-item editor holds between two saves: the rows as loaded, the rows added,
 * changed and marked for removal. Removing a saved row only sets its destroy flag (SPEC §3),
 * so it can be undone until the entry is saved; a row added and removed before saving
 * simply goes. `toPayload` writes what the API takes: every saved row with its id (SPEC §5:
 * an update of a sub-item names it), removed ones with the destroy flag, new ones without id.
 * A sub-item may hold collections of its own (a warehouse's products), one level deeper,
 * under the same rules.
 */

import type { SubItemDescriptor } from "@/domain/directory/descriptor";
import { bodyOf, draftOf, type Draft, type DraftValue } from "./field-values";

export type SubValues = Draft;

export interface SubRow {
  /** Stable key for React, labels and errors, unique across collections, also for rows not saved yet. */
  key: string;
  id: number | null;
  values: SubValues;
  /** As loaded: tells a changed row from an untouched one. */
  original: SubValues | null;
  destroy: boolean;
  /** The row's own collections, by key (empty when its descriptor has none). */
  children: Record<string, SubRow[]>;
}

export const DESTROY_FLAG = "_destroy";

let counter = 0;
function newKey(collection: string): string {
  counter += 1;
  return `${collection}-new-${counter}`;
}

type SubShape = Pick<SubItemDescriptor, "key" | "fields" | "subItems">;

export function rowsFromServer(sub: SubShape, items: readonly Record<string, unknown>[], parentKey = ""): SubRow[] {
  return items.map((item) => {
    const numericId = typeof item.id === "number" ? item.id : Number(item.id);
    const values = draftOf(sub.fields, item);
    const key = `${parentKey}${sub.key}-id-${String(item.id)}`;
    const children = Object.fromEntries(
      (sub.subItems ?? []).map((child) => [child.key, rowsFromServer(child, Array.isArray(item[child.key]) ? (item[child.key] as Record<string, unknown>[]) : [], `${key}/`)]),
    );
    return { key, id: Number.isFinite(numericId) ? numericId : null, values, original: values, destroy: false, children };
  });
}

/** A row added in the editor, with its own collections empty. */
export function newRow(sub: SubShape, parentKey = ""): Omit<SubRow, "key"> & { key: string } {
  return {
    key: `${parentKey}${newKey(sub.key)}`,
    id: null,
    values: draftOf(sub.fields, null),
    original: null,
    destroy: false,
    children: Object.fromEntries((sub.subItems ?? []).map((child) => [child.key, []])),
  };
}

export type SubAction =
  | { type: "add"; row: SubRow }
  | { type: "change"; key: string; name: string; value: DraftValue }
  | { type: "remove"; key: string }
  | { type: "undo"; key: string }
  | { type: "child"; key: string; collection: string; action: SubAction }
  | { type: "reset"; rows: SubRow[] };

export function subRowsReducer(rows: SubRow[], action: SubAction): SubRow[] {
  switch (action.type) {
    case "add":
      return [...rows, action.row];
    case "change":
      return rows.map((row) => (row.key === action.key ? { ...row, values: { ...row.values, [action.name]: action.value } } : row));
    case "remove":
      // A row never saved has nothing to destroy on the server.
      return rows.flatMap((row) => (row.key !== action.key ? [row] : row.id === null ? [] : [{ ...row, destroy: true }]));
    case "undo":
      return rows.map((row) => (row.key === action.key ? { ...row, destroy: false } : row));
    case "child":
      return rows.map((row) =>
        row.key === action.key ? { ...row, children: { ...row.children, [action.collection]: subRowsReducer(row.children[action.collection] ?? [], action.action) } } : row,
      );
    case "reset":
      return action.rows;
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The row's own fields changed (added, removed or edited). */
export function isChanged(row: SubRow): boolean {
  if (row.id === null || row.destroy) return true;
  const original = row.original ?? {};
  return Object.keys({ ...original, ...row.values }).some((name) => !same(row.values[name], original[name]));
}

/** The row or one of its own rows changed. */
function isTouched(row: SubRow): boolean {
  return isChanged(row) || Object.values(row.children).some((rows) => rows.some(isTouched));
}

/**
 * The nested attributes of one collection as the API takes them: only the rows added,
 * changed or removed (an untouched row need not be sent; a row whose own rows changed is
 * sent with its id), and the codes of the cells whose text is not a value, by row key and field.
 */
export function toPayload(
  sub: Pick<SubItemDescriptor, "fields" | "resource" | "subItems">,
  rows: readonly SubRow[],
): { items: Record<string, unknown>[]; errors: Record<string, Record<string, string>> } {
  const items: Record<string, unknown>[] = [];
  const errors: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    if (!isTouched(row)) continue;
    if (row.destroy && row.id !== null) {
      items.push({ id: row.id, [DESTROY_FLAG]: true });
      continue;
    }
    const converted = bodyOf(sub.fields, row.values, sub.resource);
    if (Object.keys(converted.errors).length > 0) errors[row.key] = converted.errors;
    const item: Record<string, unknown> = row.id === null ? converted.body : { id: row.id, ...converted.body };
    for (const child of sub.subItems ?? []) {
      const nested = toPayload(child, row.children[child.key] ?? []);
      if (nested.items.length > 0) item[child.key] = nested.items;
      Object.assign(errors, nested.errors);
    }
    items.push(item);
  }
  return { items, errors };
}
