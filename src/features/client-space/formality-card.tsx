"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { FORMALITY_STATES, type FormalityField, type FormalityState } from "@/domain/schemas/administrative-procedure";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { DocumentsPanel } from "./documents-panel";
import { codesOf, deleteFormality, fetchLetter, sendFormality, updateFormality, type OngoingFormality } from "./space-calls";

/** Saves the letter under a readable name (the browser's own download, nothing leaves the page). */
async function downloadLetter(formality: OngoingFormality): Promise<void> {
  const blob = await fetchLetter(formality.id);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `courrier-${formality.company.name.normalize("NFD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase() || formality.id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
import { useSpaceErrors } from "./space-errors";
import { StateBadge } from "./space-ui";

function useFieldLabel() {
  const t = useTranslations("Companies.fields");
  return (field: FormalityField) => (t.has(field.name) ? t(field.name) : field.label);
}

const INPUT_TYPES: Record<FormalityField["type"], { type: string; inputMode?: "numeric" | "text" }> = {
  text: { type: "text" },
  date: { type: "date" },
  iban: { type: "text" },
  number: { type: "text", inputMode: "numeric" },
};

/**
 * One company's formality in the family's file: its state, the fields that company asks
 * for, the documents attached to it, its letter (download, send by e-mail), and removal.
 * Controls appear only for a caller allowed to change formalities.
 */
export function FormalityCard({ formality, canWrite, onChanged }: { formality: OngoingFormality; canWrite: boolean; onChanged: () => Promise<void> }) {
  const t = useTranslations("ClientSpace.formalities");
  const tc = useTranslations("Companies");
  const errors = useSpaceErrors();
  const label = useFieldLabel();
  const definitions = formality.formality.fields;
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(definitions.map((f) => [f.name, formality.fields[f.name] ?? ""])));
  const [fieldCodes, setFieldCodes] = useState<Record<string, string>>({});
  const [codes, setCodes] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "send" | "state" | "delete" | "letter" | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingId = `formality-${formality.id}`;
  const kind = formality.formality.kind;
  const kindLabel = tc.has(`kinds.${kind}`) ? tc(`kinds.${kind}`) : formality.formality.name;

  async function run(what: NonNullable<typeof busy>, action: () => Promise<unknown>, done?: string, reload = true) {
    setBusy(what);
    setCodes([]);
    setNotice(null);
    try {
      await action();
      if (done) setNotice(done);
      if (reload) await onChanged();
    } catch (error) {
      const found = codesOf(error);
      const perField: Record<string, string> = {};
      const rest: string[] = [];
      for (const code of found) {
        // formality__fields.<name>__... or formality__<name>__...: next to that field when it is one.
        const name = code.split("__")[1]?.replace(/^fields\./, "");
        const field = definitions.find((f) => f.name === name);
        // The server names the field; the sentence says what is expected of its kind.
        if (field) perField[field.name] = code.endsWith("__blank") ? "formality__field__blank" : code.endsWith("__invalid") ? `formality__${field.type}__invalid` : code;
        else rest.push(code);
      }
      setFieldCodes(perField);
      setCodes(rest);
    } finally {
      setBusy(null);
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    for (const field of definitions) if (field.required && !values[field.name]?.trim()) missing[field.name] = "formality__field__blank";
    setFieldCodes(missing);
    if (Object.keys(missing).length > 0) return;
    const fields = Object.fromEntries(definitions.map((f) => [f.name, values[f.name]?.trim() ? values[f.name]!.trim() : null]));
    void run("save", () => updateFormality(formality.id, { fields }), t("saved"));
  }

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg border border-line-strong bg-surface p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <h3 id={headingId} className="text-lg font-semibold text-ink">
            {formality.company.name}
          </h3>
          {kindLabel ? <p className="text-ink-soft">{kindLabel}</p> : null}
        </div>
        <StateBadge state={formality.state} />
      </header>

      {definitions.length > 0 ? (
        canWrite ? (
          <form noValidate onSubmit={save} className="flex flex-col gap-4" aria-label={t("fieldsLabel", { company: formality.company.name })}>
            {definitions.map((field) => (
              <Input
                key={field.name}
                label={label(field)}
                required={field.required}
                type={INPUT_TYPES[field.type].type}
                inputMode={INPUT_TYPES[field.type].inputMode}
                dir={field.type === "iban" || field.type === "number" ? "ltr" : undefined}
                autoComplete="off"
                data-field-type={field.type}
                value={values[field.name] ?? ""}
                onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
                error={errors.one(fieldCodes[field.name])}
              />
            ))}
            <Button type="submit" variant="secondary" loading={busy === "save"} className="w-full sm:w-auto sm:self-start">
              {t("saveFields")}
            </Button>
          </form>
        ) : (
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {definitions.map((field) => (
              <div key={field.name} className="contents">
                <dt className="text-ink-soft">{label(field)}</dt>
                <dd className="text-ink">{formality.fields[field.name] || t("notProvided")}</dd>
              </div>
            ))}
          </dl>
        )
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button variant="primary" loading={busy === "letter"} onClick={() => void run("letter", () => downloadLetter(formality), undefined, false)}>
          {t("downloadLetter")}
          <span className="sr-only"> – {formality.company.name}</span>
        </Button>
        {canWrite ? (
          <Button variant="secondary" loading={busy === "send"} onClick={() => void run("send", async () => setSentTo((await sendFormality(formality.id)).sent_to))}>
            {t("send")}
            <span className="sr-only"> – {formality.company.name}</span>
          </Button>
        ) : null}
      </div>

      {canWrite ? (
        <Select
          label={t("stateLabel")}
          value={formality.state}
          disabled={busy !== null}
          onChange={(event) => void run("state", () => updateFormality(formality.id, { state: event.target.value as FormalityState }))}
          options={FORMALITY_STATES.map((state) => ({ value: state, label: t(`stateOptions.${state}`) }))}
        />
      ) : null}

      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {sentTo !== null || formality.sent_at ? (
        <p className="text-ink-soft" aria-live="polite">
          {formality.sent_to ?? sentTo ? t("sentTo", { to: formality.sent_to ?? sentTo ?? "" }) : t("sentNotice")}
        </p>
      ) : null}
      {formality.missing_fields.length > 0 && canWrite ? (
        <p className="text-ink-soft">{t("missingFields", { fields: formality.missing_fields.map((name) => label(definitions.find((f) => f.name === name) ?? { name, label: name, type: "text", required: true })).join(", ") })}</p>
      ) : null}
      {codes.length > 0 ? (
        <Alert tone="error" title={t("failed")}>
          <p>{errors.many(codes).join(" ")}</p>
        </Alert>
      ) : null}

      <details className="rounded-md border border-line p-3">
        <summary className="cursor-pointer font-semibold text-primary">{t("documentsTitle")}</summary>
        <div className="mt-3">
          <DocumentsPanel owner="ongoing_formalities" ownerId={formality.id} canWrite={canWrite} suggestedTypes={formality.formality.document_types} headingLevel={4} />
        </div>
      </details>

      {canWrite ? (
        <Button
          variant="ghost"
          className="self-start"
          loading={busy === "delete"}
          onClick={() => {
            if (window.confirm(t("deleteConfirm", { company: formality.company.name }))) void run("delete", () => deleteFormality(formality.id));
          }}
        >
          {t("delete")}
          <span className="sr-only"> – {formality.company.name}</span>
        </Button>
      ) : null}
    </article>
  );
}
