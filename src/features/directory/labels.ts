"use client";

import { useMemo } from "react";
import { useTranslations } from "next-intl";
import { DIRECTORY_LABELS_NAMESPACE, fieldLabelKey, subItemLabelKey, typeLabelKey, type DirectoryDescriptor, type FieldDescriptor, type SubItemDescriptor } from "@/domain/directory/descriptor";

/**
 * Words of the directory pages read through the descriptors' label keys (namespace
 * "DirectoryLabels", shared with the API's documentation), and error codes turned into sentences: a code's own sentence in "Errors"
 * when it has one, else the sentence of its problem (`…__blank`, `…__too_long`) said of
 * the field it names, so every code of every type reads as a sentence.
 */
export interface DirectoryLabels {
  field: (field: FieldDescriptor) => string;
  sub: (sub: SubItemDescriptor) => string;
  /** "Crématoriums" (other) or "Crématorium" (one). */
  type: (descriptor: Pick<DirectoryDescriptor, "type" | "labelKey">, form?: "one" | "other") => string;
  option: (fieldKey: string, value: string) => string;
  error: (code: string) => string;
}

/** `resource__field__problem` → its parts; other codes have no field. */
export function splitCode(code: string): { resource: string; field: string; problem: string } | null {
  const parts = code.split("__");
  if (parts.length !== 3 || parts.some((p) => p === "")) return null;
  return { resource: parts[0]!, field: parts[1]!, problem: parts[2]! };
}

export function useDirectoryLabels(): DirectoryLabels {
  const t = useTranslations("Directory");
  const l = useTranslations(DIRECTORY_LABELS_NAMESPACE);
  const errors = useTranslations("Errors");
  return useMemo(() => {
    const text = (key: string, fallback: string) => (l.has(key) ? l(key) : fallback);
    return {
      field: (field) => text(fieldLabelKey(field), field.key),
      sub: (sub) => text(subItemLabelKey(sub), sub.key),
      type: (descriptor, form = "other") => text(`${descriptor.labelKey ?? typeLabelKey(descriptor as DirectoryDescriptor)}.${form}`, descriptor.type),
      option: (fieldKey, value) => text(`options.${fieldKey}.${value}`, value),
      error: (code) => {
        if (errors.has(code)) return errors(code);
        const parts = splitCode(code);
        if (parts && t.has(`problems.${parts.problem}`)) {
          const field = text(`fields.${parts.field}`, parts.field);
          return t(`problems.${parts.problem}`, { field });
        }
        return errors("unhandled");
      },
    };
  }, [t, l, errors]);
}
