import { and, getTableColumns, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { columnOf, type DirectoryDescriptor, type FieldDescriptor, type SubItemDescriptor } from "@/domain/directory/descriptor";
import { epochSeconds } from "@/domain/time";
import { bindingOf, type DirectoryBinding } from "@/server/services/directory/bindings";
import type { DirectoryType } from "@/domain/directory/registry";

/** Column access by name over the bindings' tables, and rows ⇄ API values. */

export function columnsOf(table: PgTable): Record<string, AnyPgColumn> {
  return getTableColumns(table) as unknown as Record<string, AnyPgColumn>;
}

export function column(table: PgTable, property: string): AnyPgColumn {
  const col = columnsOf(table)[property];
  if (!col) throw new Error(`directory: no column ${property}`);
  return col;
}

export function hasColumn(table: PgTable, property: string): boolean {
  return property in columnsOf(table);
}

export function bindingFor(descriptor: DirectoryDescriptor): DirectoryBinding {
  return bindingOf(descriptor.type as DirectoryType);
}

/** The type's own rows (the binding's scope), with more conditions. */
export function scoped(descriptor: DirectoryDescriptor, ...conditions: (SQL | undefined)[]): SQL | undefined {
  const binding = bindingFor(descriptor);
  return and(binding.scope?.(binding.table), ...conditions);
}

function apiValue(field: FieldDescriptor, value: unknown): unknown {
  if (value === undefined) return null;
  if (field.kind === "decimal" && value !== null) return Number(value);
  return value;
}

/** A database row as the API shows it: the descriptor's fields by key. */
export function rowToValues(fields: readonly FieldDescriptor[], row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.key, apiValue(f, row[columnOf(f)])]));
}

/** API values (a validated body) as column values; keys left out stay out. */
export function valuesToColumns(fields: readonly FieldDescriptor[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (field.key in values) out[columnOf(field)] = values[field.key];
  return out;
}

/** Creation values: the body's, then each left-out field's default. */
export function withDefaults(fields: readonly FieldDescriptor[], values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const field of fields) if (!(field.key in out) && field.defaultValue !== undefined) out[field.key] = field.defaultValue;
  return out;
}

export function timestampsOf(row: Record<string, unknown>): { created_at: number; updated_at: number } {
  return {
    created_at: row.createdAt instanceof Date || typeof row.createdAt === "string" ? epochSeconds(row.createdAt as Date) : 0,
    updated_at: row.updatedAt instanceof Date || typeof row.updatedAt === "string" ? epochSeconds(row.updatedAt as Date) : 0,
  };
}

export function subItemToApi(sub: SubItemDescriptor, row: Record<string, unknown>): Record<string, unknown> {
  return { id: Number(row.id), ...rowToValues(sub.fields, row), ...timestampsOf(row) };
}

/** The database name of a column property (snake_case unless the column names itself). */
export function columnName(table: PgTable, property: string): string {
  const col = column(table, property) as AnyPgColumn & { keyAsName?: boolean };
  return col.keyAsName === false ? col.name : property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
