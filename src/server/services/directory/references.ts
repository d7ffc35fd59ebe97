import { inArray } from "drizzle-orm";
import { LOCATION_TYPE_REFERENCES, type FieldDescriptor, type ReferenceKind } from "@/domain/directory/descriptor";
import type { Db } from "@/server/db/client";
import { REFERENCE_TARGETS } from "@/server/services/directory/bindings";

/**
 * Reference fields must name rows that exist (a commune, a worship, a concession type…):
 * a wrong id is a 422 with the field's code (`<resource>__<field>__not_found`), never a
 * foreign-key failure. Checked in bulk, so an import of thousands of lines asks once per kind.
 */

export type WantedReferences = Map<ReferenceKind, Set<string | number>>;

function kindOf(field: FieldDescriptor, row: Record<string, unknown>): ReferenceKind | null {
  if (field.kind === "polymorphic_reference") {
    const type = field.typeField ? row[field.typeField] : null;
    return typeof type === "string" ? (LOCATION_TYPE_REFERENCES[type as keyof typeof LOCATION_TYPE_REFERENCES] ?? null) : null;
  }
  if (field.kind === "country") return "countries";
  if (field.kind === "department") return "departments";
  return field.reference ?? null;
}

function valuesOf(field: FieldDescriptor, value: unknown): (string | number)[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value as (string | number)[];
  return [value as string | number];
}

const REFERENCE_KINDS = new Set(["reference", "reference_list", "polymorphic_reference", "country", "department"]);

/** Adds the ids a row names to `wanted`. */
export function collectReferences(fields: readonly FieldDescriptor[], row: Record<string, unknown>, wanted: WantedReferences): void {
  for (const field of fields) {
    if (!REFERENCE_KINDS.has(field.kind) || !(field.key in row)) continue;
    const kind = kindOf(field, row);
    if (!kind || !REFERENCE_TARGETS[kind]) continue;
    const set = wanted.get(kind) ?? new Set();
    for (const v of valuesOf(field, row[field.key])) set.add(v);
    wanted.set(kind, set);
  }
}

/** The ids of `wanted` that exist, by kind. */
export async function existingReferences(db: Db, wanted: WantedReferences): Promise<Map<ReferenceKind, Set<string>>> {
  const found = new Map<ReferenceKind, Set<string>>();
  for (const [kind, ids] of wanted) {
    const target = REFERENCE_TARGETS[kind]!;
    const all = [...ids];
    const hits = new Set<string>();
    for (let i = 0; i < all.length; i += 1000) {
      const rows = (await db.select({ key: target.key }).from(target.table).where(inArray(target.key, all.slice(i, i + 1000)))) as { key: unknown }[];
      for (const r of rows) hits.add(String(r.key));
    }
    found.set(kind, hits);
  }
  return found;
}

/** Codes of the references of `row` not among `existing`. */
export function missingReferences(resource: string, fields: readonly FieldDescriptor[], row: Record<string, unknown>, existing: Map<ReferenceKind, Set<string>>): { field: string; code: string }[] {
  const problems: { field: string; code: string }[] = [];
  for (const field of fields) {
    if (!REFERENCE_KINDS.has(field.kind) || !(field.key in row)) continue;
    const kind = kindOf(field, row);
    if (!kind) continue;
    const known = existing.get(kind);
    if (!known) continue;
    if (valuesOf(field, row[field.key]).some((v) => !known.has(String(v)))) problems.push({ field: field.key, code: `${resource}__${field.key}__not_found` });
  }
  return problems;
}

/** One row's check in one call (the API's single writes). */
export async function referenceProblems(db: Db, resource: string, fields: readonly FieldDescriptor[], row: Record<string, unknown>): Promise<{ field: string; code: string }[]> {
  const wanted: WantedReferences = new Map();
  collectReferences(fields, row, wanted);
  if (wanted.size === 0) return [];
  return missingReferences(resource, fields, row, await existingReferences(db, wanted));
}
