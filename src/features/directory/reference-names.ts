import { LOCATION_TYPE_REFERENCES, type FieldDescriptor, type ReferenceKind } from "@/domain/directory/descriptor";
import type { LocationType } from "@/domain/schemas/deal";
import { referenceName } from "./directory-calls";
import type { Draft, PickedReference } from "./field-values";

/** Ids a form shows before their names are known: at most this many are looked up per form. */
const MAX_LOOKUPS = 60;

function kindOf(field: FieldDescriptor, draft: Draft): ReferenceKind | null {
  if (field.kind === "polymorphic_reference") return LOCATION_TYPE_REFERENCES[draft[field.typeField ?? ""] as LocationType] ?? null;
  return field.kind === "reference" || field.kind === "reference_list" ? (field.reference ?? null) : null;
}

function unnamed(value: unknown): PickedReference[] {
  const list = Array.isArray(value) ? value : value && typeof value === "object" ? [value] : [];
  return (list as PickedReference[]).filter((r) => r.label.startsWith("#"));
}

/**
 * The entry's answer holds ids only: their names are read once the form is shown, and
 * the picked references are renamed in place (nothing else in the draft changes).
 */
export async function nameReferences(fields: readonly FieldDescriptor[], drafts: readonly Draft[]): Promise<Map<string, string>> {
  const wanted = new Map<string, { kind: ReferenceKind; id: number }>();
  for (const draft of drafts) {
    for (const field of fields) {
      const kind = kindOf(field, draft);
      if (!kind) continue;
      for (const ref of unnamed(draft[field.key])) if (wanted.size < MAX_LOOKUPS) wanted.set(`${kind}:${ref.id}`, { kind, id: ref.id });
    }
  }
  return lookUp(wanted);
}

export function renameDraft(fields: readonly FieldDescriptor[], draft: Draft, names: Map<string, string>): Draft {
  const next: Draft = { ...draft };
  for (const field of fields) {
    const kind = kindOf(field, draft);
    if (!kind) continue;
    const rename = (ref: PickedReference): PickedReference => ({ ...ref, label: names.get(`${kind}:${ref.id}`) ?? ref.label });
    const value = draft[field.key];
    if (Array.isArray(value)) next[field.key] = value.map(rename);
    else if (value && typeof value === "object") next[field.key] = rename(value);
  }
  return next;
}

/** Names of the ids a list page's reference columns hold (`kind:id` → name), as far as they can be read. */
export async function listReferenceNames(columns: readonly FieldDescriptor[], entries: readonly Record<string, unknown>[]): Promise<Map<string, string>> {
  const wanted = new Map<string, { kind: ReferenceKind; id: number }>();
  for (const field of columns) {
    if (field.kind !== "reference" || !field.reference) continue;
    for (const entry of entries) {
      const id = entry[field.key];
      if (typeof id === "number" && wanted.size < MAX_LOOKUPS) wanted.set(`${field.reference}:${id}`, { kind: field.reference, id });
    }
  }
  return lookUp(wanted);
}

async function lookUp(wanted: Map<string, { kind: ReferenceKind; id: number }>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted.entries()].map(async ([key, { kind, id }]) => {
      const name = await referenceName(kind, id);
      if (name) names.set(key, name);
    }),
  );
  return names;
}
