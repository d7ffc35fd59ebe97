"use client";

import { useEffect, useRef, useState } from "react";
import { useForm, type FieldPath, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { messageKeyForCode } from "@/domain/errors";
import { perkCreateSchema, type PerkCategoryView, type PerkCreate, type PerkView } from "@/domain/schemas/perk";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { failureCodes, perkCalls } from "./perk-calls";

/** The form's values as typed: text everywhere, "" for nothing; the schema of src/domain reads them as sent. */
export interface PerkFormValues {
  perk_category_id: string;
  name: string;
  partner_name: string;
  benefit: string;
  description: string;
  how_to_use: string;
  conditions: string;
  valid_from: string;
  valid_until: string;
  department_code: string;
  url: string;
  phone: string;
  code: string;
  enabled: boolean;
  demo: boolean;
}

const TEXT_FIELDS = ["name", "partner_name", "benefit", "description", "how_to_use", "conditions", "valid_from", "valid_until", "department_code", "url", "phone", "code"] as const;
const FIELDS: readonly FieldPath<PerkFormValues>[] = ["perk_category_id", ...TEXT_FIELDS, "enabled", "demo"];

export function formValuesOf(perk: PerkView | null, categories: readonly PerkCategoryView[]): PerkFormValues {
  const values = { perk_category_id: String(perk?.category.id ?? categories[0]?.id ?? ""), enabled: perk?.enabled ?? true, demo: perk?.demo ?? false } as PerkFormValues;
  for (const field of TEXT_FIELDS) values[field] = perk?.[field] ?? "";
  return values;
}

/** What the API receives: empty optional fields sent as null (cleared), the category as a number. */
export function perkInputOf(values: PerkFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = { perk_category_id: values.perk_category_id === "" ? undefined : Number(values.perk_category_id), enabled: values.enabled, demo: values.demo };
  for (const field of TEXT_FIELDS) input[field] = values[field].trim() === "" ? (field === "name" || field === "partner_name" ? "" : null) : values[field];
  return input;
}

const schemaResolver = zodResolver(perkCreateSchema);
const resolver: Resolver<PerkFormValues, unknown, PerkCreate> = (values, context, options) =>
  (schemaResolver as unknown as Resolver<Record<string, unknown>, unknown, PerkCreate>)(perkInputOf(values), context, options as never) as never;

/** `perk__valid_until__before_valid_from` → valid_until, when the form has that field. */
export function fieldOfCode(code: string): FieldPath<PerkFormValues> | null {
  const field = code.split("__")[1];
  return field && (FIELDS as readonly string[]).includes(field) ? (field as FieldPath<PerkFormValues>) : null;
}

/**
 * A perk created or changed by the funeral home (roles 0-1): every field of the schema,
 * checked as typed by the same zod schema as the API; a refusal of the server goes next to
 * its field, and what was typed stays until it is saved.
 */
export function PerkForm({ perk, categories, onSaved, onCancel }: { perk: PerkView | null; categories: readonly PerkCategoryView[]; onSaved: () => void; onCancel: () => void }) {
  const t = useTranslations("Perks.pro.form");
  const problems = useTranslations("Perks.pro.problems");
  const errorsT = useTranslations("Errors");
  const kinds = useTranslations("Perks.family.kinds");
  const [formError, setFormError] = useState("");
  const errorRef = useRef<HTMLParagraphElement>(null);
  const { register, handleSubmit, formState, setError } = useForm<PerkFormValues, unknown, PerkCreate>({ resolver, defaultValues: formValuesOf(perk, categories) });

  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  /** A field's code as a sentence: its own in "Errors" when it has one, else the problem said of the field. */
  const sentence = (code: string | undefined) => {
    if (!code) return undefined;
    const key = messageKeyForCode(code);
    if (key !== "validation_failed") return errorsT(key);
    const problem = code.split("__")[2] ?? "invalid";
    return problems(problem === "blank" || problem === "too_long" ? problem : "invalid");
  };
  const fieldError = (name: FieldPath<PerkFormValues>) => sentence(formState.errors[name]?.message);

  async function onSubmit(values: PerkCreate) {
    setFormError("");
    try {
      if (perk) await perkCalls.updatePerk(perk.id, values);
      else await perkCalls.createPerk(values);
      onSaved();
    } catch (caught) {
      const codes = failureCodes(caught);
      const loose: string[] = [];
      for (const code of codes) {
        const field = fieldOfCode(code);
        if (field) setError(field, { message: code }, { shouldFocus: true });
        else loose.push(code);
      }
      if (loose.length > 0) setFormError(sentence(loose[0]) ?? errorsT("unhandled"));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="flex flex-col gap-4" data-testid="perk-form">
      <p ref={errorRef} tabIndex={-1} role="alert" className="font-semibold text-danger empty:hidden">
        {formError}
      </p>
      <Select label={t("category")} required error={fieldError("perk_category_id")} options={categories.map((c) => ({ value: String(c.id), label: `${c.name} (${kinds(c.kind)})` }))} {...register("perk_category_id")} />
      <Input label={t("name")} required error={fieldError("name")} {...register("name")} />
      <Input label={t("partner")} required hint={t("partnerHint")} error={fieldError("partner_name")} {...register("partner_name")} />
      <Input label={t("benefit")} hint={t("benefitHint")} error={fieldError("benefit")} {...register("benefit")} />
      <Textarea label={t("description")} rows={3} error={fieldError("description")} {...register("description")} />
      <Textarea label={t("howToUse")} rows={3} error={fieldError("how_to_use")} {...register("how_to_use")} />
      <Textarea label={t("conditions")} rows={2} error={fieldError("conditions")} {...register("conditions")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input type="date" label={t("validFrom")} error={fieldError("valid_from")} {...register("valid_from")} />
        <Input type="date" label={t("validUntil")} error={fieldError("valid_until")} {...register("valid_until")} />
      </div>
      <Input label={t("area")} hint={t("areaHint")} inputMode="text" autoComplete="off" error={fieldError("department_code")} {...register("department_code")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input type="url" label={t("url")} hint={t("urlHint")} dir="ltr" error={fieldError("url")} {...register("url")} />
        <Input type="tel" label={t("phone")} dir="ltr" error={fieldError("phone")} {...register("phone")} />
      </div>
      <Input label={t("code")} hint={t("codeHint")} dir="ltr" autoComplete="off" error={fieldError("code")} {...register("code")} />
      <Checkbox label={t("enabled")} {...register("enabled")} />
      <Checkbox label={t("demo")} hint={t("demoHint")} {...register("demo")} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
          {formState.isSubmitting ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
