import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import { splitCode } from "./labels";

/**
 * Where each code of a refused save is shown: next to the entry's field it names, above
 * the sub-item collection whose resource it names (the API's codes name no row), or at
 * the top of the form.
 */
export interface PlacedErrors {
  fields: Record<string, string[]>;
  subItems: Record<string, string[]>;
  form: string[];
}

export function placeCodes(descriptor: DirectoryDescriptor, codes: readonly string[]): PlacedErrors {
  const placed: PlacedErrors = { fields: {}, subItems: {}, form: [] };
  const keys = new Set(descriptor.fields.map((f) => f.key));
  for (const code of codes) {
    const parts = splitCode(code);
    // A code of a sub-item's own collection (a warehouse's product) is shown above the collection holding it.
    const sub = parts ? descriptor.subItems.find((s) => s.resource === parts.resource || (s.subItems ?? []).some((c) => c.resource === parts.resource)) : undefined;
    if (parts && parts.resource === descriptor.resource && keys.has(parts.field)) (placed.fields[parts.field] ??= []).push(code);
    else if (sub) (placed.subItems[sub.key] ??= []).push(code);
    else placed.form.push(code);
  }
  return placed;
}
