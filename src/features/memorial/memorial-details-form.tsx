"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { MEMORIAL_LIMITS } from "@/domain/schemas/memorial";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Textarea } from "@/ui/textarea";
import { useRefusalText, type Refusal } from "./memorial-errors";

export interface MemorialDetails {
  display_name: string;
  birth_date: string;
  death_date: string;
  text: string;
}

const FIELDS = ["display_name", "birth_date", "death_date", "text"] as const;

/**
 * The name, the dates and the family's text: to create the page (pre-filled from the
 * deceased of the funeral file) and to change it. What was typed stays after a refusal,
 * each field saying what is wrong.
 */
export function MemorialDetailsForm({ initial, submitLabel, busy, refusal, saved, onSubmit }: { initial: MemorialDetails; submitLabel: string; busy: boolean; refusal: Refusal | null; saved?: boolean; onSubmit: (details: MemorialDetails) => void }) {
  const t = useTranslations("Memorial.details");
  const refusalText = useRefusalText();
  const [details, setDetails] = useState(initial);
  const set = (field: keyof MemorialDetails) => (event: { target: { value: string } }) => setDetails((d) => ({ ...d, [field]: event.target.value }));
  const general = refusalText(refusal, undefined, FIELDS);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(details);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="memorial-details-form">
      <Input label={t("displayName")} hint={t("displayNameHint")} value={details.display_name} onChange={set("display_name")} maxLength={MEMORIAL_LIMITS.displayName} required error={refusalText(refusal, "display_name") || undefined} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input type="date" label={t("birthDate")} value={details.birth_date} onChange={set("birth_date")} error={refusalText(refusal, "birth_date") || undefined} />
        <Input type="date" label={t("deathDate")} value={details.death_date} onChange={set("death_date")} error={refusalText(refusal, "death_date") || undefined} />
      </div>
      <Textarea
        label={t("text")}
        hint={t("textHint", { count: details.text.length, max: MEMORIAL_LIMITS.text })}
        value={details.text}
        onChange={set("text")}
        maxLength={MEMORIAL_LIMITS.text}
        rows={8}
        error={refusalText(refusal, "text") || undefined}
      />
      {general ? (
        <p role="alert" className="font-semibold text-danger">
          {general}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy} data-testid="memorial-details-save">
          {submitLabel}
        </Button>
        <p role="status" className="text-ink-soft">
          {saved ? t("saved") : ""}
        </p>
      </div>
    </form>
  );
}
