"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { LOCATION_TYPE_REFERENCES, type FieldDescriptor, type ReferenceKind } from "@/domain/directory/descriptor";
import type { LocationType } from "@/domain/schemas/deal";
import { Checkbox } from "@/ui/checkbox";
import { PlaceCombobox, type ComboboxOption } from "@/ui/combobox";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { searchReferences } from "./directory-calls";
import type { DraftValue, PickedReference } from "./field-values";
import { useDirectoryLabels } from "./labels";

/**
 * One field of a directory form, drawn from its descriptor: text, numbers, euros (the
 * API's cents), yes/no, a list of values, and references picked through the
 * autocompletes of SPEC §7 (one place, a list of places, or a place whose kind another
 * field chooses). Read-only entries show the same controls disabled.
 */

export interface FieldControlProps {
  field: FieldDescriptor;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  /** Translated error shown above the control. */
  error?: string;
  /** Value of the field that chooses a polymorphic reference's kind. */
  typeValue?: DraftValue;
  /** Choices of a reference to a sibling collection of the same entry (a graveyard's terms). */
  siblingOptions?: readonly { value: string; label: string }[];
  readOnly?: boolean;
  /** Unique id prefix (sub-item rows repeat fields). */
  idPrefix: string;
  /** Shorter label (inside a sub-item row, the column header names it). */
  label?: string;
  hideLabel?: boolean;
}

function useSearch(kind: ReferenceKind | null) {
  return useCallback(
    async (q: string, signal: AbortSignal): Promise<ComboboxOption[]> => {
      if (!kind) return [];
      const found = await searchReferences(kind, q, signal);
      return found.map((option) => ({ id: String(option.id), label: option.label, hint: option.hint }));
    },
    [kind],
  );
}

function asReference(option: ComboboxOption): PickedReference | null {
  const id = Number(option.id);
  return Number.isInteger(id) && id > 0 ? { id, label: option.label } : null;
}

export function FieldControl({ field, value, onChange, error, typeValue, siblingOptions, readOnly, idPrefix, label: shortLabel, hideLabel }: FieldControlProps) {
  const t = useTranslations("Directory");
  const labels = useDirectoryLabels();
  const label = shortLabel ?? labels.field(field);
  const id = `${idPrefix}-${field.key}`;
  const referenceKind: ReferenceKind | null =
    field.kind === "country"
      ? "countries"
      : field.kind === "department"
        ? "departments"
        : field.kind === "polymorphic_reference"
          ? (LOCATION_TYPE_REFERENCES[typeValue as LocationType] ?? null)
          : (field.reference ?? null);
  const search = useSearch(referenceKind);
  const selectProps = { id, label, hideLabel, required: field.required, disabled: readOnly, error };
  const comboTexts = { emptyText: t("form.noMatch"), loadingText: t("form.searching"), failedText: t("form.searchFailed") };

  switch (field.kind) {
    case "boolean":
      return <Checkbox id={id} label={label} checked={value === true} disabled={readOnly} error={error} onChange={(event) => onChange(event.target.checked)} />;
    case "enum":
      return (
        <Select
          {...selectProps}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => onChange(event.target.value)}
          placeholder={field.required ? t("form.choose") : t("form.none")}
          options={(field.options ?? []).map((option) => ({ value: option, label: labels.option(field.key, option) }))}
        />
      );
    case "reference":
    case "polymorphic_reference":
      if (siblingOptions) {
        const picked = value && typeof value === "object" && !Array.isArray(value) ? String(value.id) : "";
        return (
          <Select
            {...selectProps}
            value={picked}
            onChange={(event) => {
              const option = siblingOptions.find((o) => o.value === event.target.value);
              onChange(option ? { id: Number(option.value), label: option.label } : null);
            }}
            placeholder={t("form.choose")}
            options={siblingOptions}
          />
        );
      }
      return (
        <ReferencePicker
          id={id}
          label={label}
          error={error}
          required={field.required}
          readOnly={readOnly || referenceKind === null}
          value={value && typeof value === "object" && !Array.isArray(value) ? value : null}
          onChange={onChange}
          search={search}
          texts={comboTexts}
          clearLabel={t("form.clear", { field: label })}
        />
      );
    case "reference_list": {
      const list = Array.isArray(value) ? value : [];
      return (
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold text-ink">{label}</legend>
          {error ? <p className="font-medium text-danger">{error}</p> : null}
          {list.length === 0 ? <p className="text-ink-soft">{t("form.emptyList")}</p> : null}
          <ul className="flex flex-wrap gap-2">
            {list.map((item) => (
              <li key={item.id} className="inline-flex items-center gap-1 rounded-full border border-line-strong bg-paper ps-3 pe-1">
                <span>{item.label}</span>
                {readOnly ? null : (
                  <button
                    type="button"
                    onClick={() => onChange(list.filter((other) => other.id !== item.id))}
                    className="inline-flex min-h-9 min-w-9 cursor-pointer items-center justify-center rounded-full text-primary hover:bg-primary-soft"
                    aria-label={t("form.removeFromList", { item: item.label })}
                  >
                    <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
                      <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    </svg>
                  </button>
                )}
              </li>
            ))}
          </ul>
          {readOnly ? null : (
            <PlaceCombobox
              id={id}
              label={t("form.addToList", { field: label })}
              value=""
              search={search}
              onPick={(option) => {
                const picked = asReference(option);
                if (picked && !list.some((item) => item.id === picked.id)) onChange([...list, picked]);
              }}
              {...comboTexts}
            />
          )}
        </fieldset>
      );
    }
    case "country":
    case "department": {
      const code = typeof value === "string" ? value : "";
      return (
        <PlaceCombobox
          id={id}
          label={label}
          error={error}
          value={code.toUpperCase()}
          search={search}
          onPick={(option) => onChange(String(option.id))}
          {...comboTexts}
        />
      );
    }
    default: {
      const text = typeof value === "string" ? value : "";
      const numeric = field.kind === "integer" || field.kind === "decimal" || field.kind === "money";
      return (
        <Input
          id={id}
          label={field.kind === "money" ? t("form.moneyLabel", { label }) : label}
          hideLabel={hideLabel}
          required={field.required}
          readOnly={readOnly}
          error={error}
          value={text}
          // Names and addresses are French whatever the page's language: their own direction, not the page's.
          dir={field.kind === "email" || field.kind === "phone" || field.kind === "url" || numeric ? "ltr" : "auto"}
          type={field.kind === "email" ? "email" : field.kind === "phone" ? "tel" : field.kind === "url" ? "url" : "text"}
          inputMode={field.kind === "integer" ? "numeric" : numeric ? "decimal" : undefined}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          className={numeric ? "text-end tabular-nums" : undefined}
        />
      );
    }
  }
}

/** One picked row and the picker to change it; an optional reference can be emptied. */
function ReferencePicker({
  id,
  label,
  error,
  required,
  readOnly,
  value,
  onChange,
  search,
  texts,
  clearLabel,
}: {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  readOnly?: boolean;
  value: PickedReference | null;
  onChange: (value: DraftValue) => void;
  search: (q: string, signal: AbortSignal) => Promise<ComboboxOption[]>;
  texts: { emptyText: string; loadingText: string; failedText: string };
  clearLabel: string;
}) {
  if (readOnly) {
    return <Input id={id} label={label} readOnly value={value?.label ?? ""} error={error} />;
  }
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <PlaceCombobox id={id} label={label} error={error} required={required} value={value?.label ?? ""} search={search} onPick={(option) => onChange(asReference(option))} {...texts} />
      </div>
      {value && !required ? (
        <button
          type="button"
          onClick={() => onChange(null)}
          className="mb-7 inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md text-primary hover:bg-primary-soft"
          aria-label={clearLabel}
        >
          <svg className="size-5" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
            <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
