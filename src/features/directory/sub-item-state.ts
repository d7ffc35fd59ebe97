/**
 * What the sub-item editor holds between two saves: the rows as loaded, the rows added,
 * changed and marked for removal. Removing a saved row only sets its destroy flag (SPEC §3),
 * so it can be undone until the entry is saved; a row added and removed before saving
 * simply goes. `toPayload` writes what the API takes: every saved row with its id (SPEC §5:
 * an update of a sub-item names it), removed ones with the destroy flag, new ones without id.
 */

import type { FieldDescriptor } from "@/domain/directory/descriptor";
import { bodyOf, draftOf, type Draft, type DraftValue } from "./field-values";

export type SubValues = Draft;

export interface SubRow {
  /** Stable key for React and focus, also for rows not saved yet. */
  key: string;
  id: number | null;
  values: SubValues;
  /** As loaded: tells a changed row from an untouched one. */
  original: SubValues | null;
  destroy: boolean;
}

export const DESTROY_FLAG = "_destroy";

let counter = 0;
function newKey(): string {
  counter += 1;
  return `new-${counter}`;
}

export function rowsFromServer(fields: readonly FieldDescriptor[], items: readonly Record<string, unknown>[]): SubRow[] {
  return items.map((item) => {
    const numericId = typeof item.id === "number" ? item.id : Number(item.id);
    const values = draftOf(fields, item);
    return { key: `id-${String(item.id)}`, id: Number.isFinite(numericId) ? numericId : null, values, original: values, destroy: false };
  });
}

export type SubAction =
  | { type: "add"; values: SubValues }
  | { type: "change"; key: string; name: string; value: DraftValue }
  | { type: "remove"; key: string }
  | { type: "undo"; key: string }
  | { type: "reset"; rows: SubRow[] };

export function subRowsReducer(rows: SubRow[], action: SubAction): SubRow[] {
  switch (action.type) {
    case "add":
      return [...rows, { key: newKey(), id: null, values: action.values, original: null, destroy: false }];
    case "change":
      return rows.map((row) => (row.key === action.key ? { ...row, values: { ...row.values, [action.name]: action.value } } : row));
    case "remove":
      // A row never saved has nothing to destroy on the server.
      return rows.flatMap((row) => (row.key !== action.key ? [row] : row.id === null ? [] : [{ ...row, destroy: true }]));
    case "undo":
      return rows.map((row) => (row.key === action.key ? { ...row, destroy: false } : row));
    case "reset":
      return action.rows;
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function isChanged(row: SubRow): boolean {
  if (row.id === null || row.destroy) return true;
  const original = row.original ?? {};
  return Object.keys({ ...original, ...row.values }).some((name) => !same(row.values[name], original[name]));
}

/**
 * The nested attributes of one collection as the API takes them: only the rows added,
 * changed or removed (an untouched row need not be sent), and the codes of the cells whose
 * text is not a value, by row key and field.
 */
export function toPayload(
  fields: readonly FieldDescriptor[],
  resource: string,
  rows: readonly SubRow[],
): { items: Record<string, unknown>[]; errors: Record<string, Record<string, string>> } {
  const items: Record<string, unknown>[] = [];
  const errors: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    if (!isChanged(row)) continue;
    if (row.destroy && row.id !== null) {
      items.push({ id: row.id, [DESTROY_FLAG]: true });
      continue;
    }
    const converted = bodyOf(fields, row.values, resource);
    if (Object.keys(converted.errors).length > 0) errors[row.key] = converted.errors;
    items.push(row.id === null ? converted.body : { id: row.id, ...converted.body });
  }
  return { items, errors };
}
