"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { EMPLOYMENT_SITUATIONS, HOUSING_SITUATIONS, type ProcedureSituation } from "@/domain/after-death-deadlines";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Select } from "@/ui/select";
import { codesOf, updateSituation } from "./space-calls";
import { useSpaceErrors } from "./space-errors";

const YES_NO = ["owned_vehicle", "had_bank_account", "had_life_insurance", "had_energy_or_telecom_contracts"] as const;
type YesNo = (typeof YES_NO)[number];

const toChoice = (value: boolean | null | undefined) => (value === true ? "yes" : value === false ? "no" : "");
const fromChoice = (value: string) => (value === "yes" ? true : value === "no" ? false : null);

/**
 * What the deceased had (work, home, vehicle, accounts, contracts): each answer adds or
 * removes steps of the checklist, which the server rebuilds from the rules. "Not known"
 * is a fine answer: the matching steps then stay on the list, to be safe.
 */
export function SituationForm({ procedureId, situation, onSaved }: { procedureId: number; situation: ProcedureSituation | null; onSaved: () => Promise<void> }) {
  const t = useTranslations("ClientSpace.situation");
  const errors = useSpaceErrors();
  const [employment, setEmployment] = useState(situation?.employment ?? "");
  const [housing, setHousing] = useState(situation?.housing ?? "");
  const [answers, setAnswers] = useState<Record<YesNo, string>>(() => Object.fromEntries(YES_NO.map((key) => [key, toChoice(situation?.[key])])) as Record<YesNo, string>);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const yesNo = [
    { value: "yes", label: t("yes") },
    { value: "no", label: t("no") },
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setDone(false);
    setCodes([]);
    try {
      await updateSituation(procedureId, {
        employment: (employment || null) as ProcedureSituation["employment"],
        housing: (housing || null) as ProcedureSituation["housing"],
        ...Object.fromEntries(YES_NO.map((key) => [key, fromChoice(answers[key])])),
      });
      setDone(true);
      await onSaved();
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label={t("title")}>
      <p className="text-ink-soft">{t("lead")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t("employment")}
          placeholder={t("unknown")}
          value={employment}
          onChange={(event) => setEmployment(event.target.value)}
          options={EMPLOYMENT_SITUATIONS.map((value) => ({ value, label: t(`employments.${value}`) }))}
        />
        <Select
          label={t("housing")}
          placeholder={t("unknown")}
          value={housing}
          onChange={(event) => setHousing(event.target.value)}
          options={HOUSING_SITUATIONS.map((value) => ({ value, label: t(`housings.${value}`) }))}
        />
        {YES_NO.map((key) => (
          <Select
            key={key}
            label={t(key)}
            placeholder={t("unknown")}
            value={answers[key]}
            onChange={(event) => setAnswers((a) => ({ ...a, [key]: event.target.value }))}
            options={yesNo}
          />
        ))}
      </div>
      {codes.length > 0 ? (
        <Alert tone="error" title={t("failed")}>
          <p>{errors.many(codes).join(" ")}</p>
        </Alert>
      ) : null}
      <p aria-live="polite" className="text-success">
        {done ? t("saved") : ""}
      </p>
      <Button type="submit" variant="secondary" loading={busy} className="w-full sm:w-auto sm:self-start">
        {t("save")}
      </Button>
    </form>
  );
}
