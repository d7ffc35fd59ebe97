import type { FieldDescriptor } from "@/domain/directory/descriptor";
import { centsToEuroText, euroTextToCents } from "./money-text";

/**
 * What a form holds for each kind of field, and the conversions to and from the API's
 * values. Everything typed stays text until it is sent, so a half-typed amount or a
 * letter in a number is kept on screen with its error instead of being lost.
 */

export interface PickedReference {
  id: number;
  label: string;
}

export type DraftValue = string | boolean | PickedReference | null | PickedReference[];
export type Draft = Record<string, DraftValue>;

/** Labels the API may send beside ids (`<key>_label`, `<key>_labels`); the id itself otherwise. */
function referenceLabel(entry: Record<string, unknown> | undefined, key: string, id: number, index?: number): string {
  const labels = entry?.[`${key}_labels`];
  if (index !== undefined && Array.isArray(labels) && typeof labels[index] === "string") return labels[index] as string;
  const label = entry?.[`${key}_label`];
  if (index === undefined && typeof label === "string") return label;
  return `#${id}`;
}

export function toDraftValue(field: FieldDescriptor, value: unknown, entry?: Record<string, unknown>): DraftValue {
  switch (field.kind) {
    case "boolean":
      return value === true;
    case "money":
      return typeof value === "number" ? centsToEuroText(value) : "";
    case "integer":
    case "decimal":
      return typeof value === "number" ? String(value).replace(".", ",") : "";
    case "reference":
    case "polymorphic_reference":
      return typeof value === "number" ? { id: value, label: referenceLabel(entry, field.key, value) } : null;
    case "reference_list":
      return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number").map((id, i) => ({ id, label: referenceLabel(entry, field.key, id, i) })) : [];
    case "text_list":
      return Array.isArray(value) ? value.join("; ") : "";
    default:
      return typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);
  }
}

export function draftOf(fields: readonly FieldDescriptor[], entry: Record<string, unknown> | null): Draft {
  return Object.fromEntries(
    fields.map((field) => {
      const value = entry ? entry[field.key] : field.defaultValue;
      return [field.key, toDraftValue(field, value, entry ?? undefined)];
    }),
  );
}

export type Converted = { ok: true; value: unknown } | { ok: false; problem: "invalid" };

/** The API value of a draft value; text that is not a number stays an error here, with the API's own code. */
export function fromDraftValue(field: FieldDescriptor, draft: DraftValue): Converted {
  switch (field.kind) {
    case "boolean":
      return { ok: true, value: draft === true };
    case "money": {
      const text = typeof draft === "string" ? draft.trim() : "";
      if (text === "") return { ok: true, value: null };
      const cents = euroTextToCents(text);
      return cents === null ? { ok: false, problem: "invalid" } : { ok: true, value: cents };
    }
    case "integer":
    case "decimal": {
      const text = typeof draft === "string" ? draft.trim().replace(",", ".") : "";
      if (text === "") return { ok: true, value: null };
      const pattern = field.kind === "integer" ? /^-?\d{1,10}$/ : /^-?\d{1,4}(\.\d{1,12})?$/;
      return pattern.test(text) ? { ok: true, value: Number(text) } : { ok: false, problem: "invalid" };
    }
    case "reference":
    case "polymorphic_reference":
      return { ok: true, value: draft && typeof draft === "object" && !Array.isArray(draft) ? draft.id : null };
    case "reference_list":
      return { ok: true, value: Array.isArray(draft) ? draft.map((r) => r.id) : [] };
    case "text_list":
      return {
        ok: true,
        value: typeof draft === "string" ? draft.split(/[;\n]/).map((s) => s.trim()).filter(Boolean) : [],
      };
    default: {
      const text = typeof draft === "string" ? draft.trim() : "";
      return { ok: true, value: text === "" ? null : text };
    }
  }
}

/**
 * The body of a save: every field's API value, or the codes of the fields whose text is
 * not a value (`<resource>__<key>__invalid`, the code the API would answer).
 */
export function bodyOf(fields: readonly FieldDescriptor[], draft: Draft, resource: string): { body: Record<string, unknown>; errors: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const converted = fromDraftValue(field, draft[field.key] ?? null);
    if (converted.ok) body[field.key] = converted.value;
    else errors[field.key] = `${resource}__${field.key}__${converted.problem}`;
  }
  return { body, errors };
}
