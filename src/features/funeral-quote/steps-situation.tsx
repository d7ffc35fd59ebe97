"use client";

import { useCallback } from "react";
import { useLocale, useTranslations } from "next-intl";
import { PLACES_OF_DEATH, type PlaceOfDeath } from "@/domain/quote/answers";
import { computeDeadlines, type Deadline } from "@/domain/quote/deadlines";
import { CIVILITIES } from "@/domain/schemas/funeral-quote";
import { Alert } from "@/ui/alert";
import { Input } from "@/ui/input";
import { RadioCards } from "@/ui/radio-cards";
import { Select } from "@/ui/select";
import { searchCommunes, searchCountries } from "./funnel-api";
import { PlaceCombobox, type ComboboxOption } from "@/ui/combobox";
import { withAnswers, type StepProps } from "./step-props";
import { todayInFrance } from "@/domain/time";

/** The first screens: has the death occurred, where, when, and burial or cremation. */

export function SituationStep({ draft, onChange, showErrors, question }: StepProps) {
  const t = useTranslations("Quote.funnel.situation");
  return (
    <RadioCards
      name="situation"
      legend={question}
      hideLegend
      value={draft.answers.situation ?? null}
      onValueChange={(value) => onChange(withAnswers({ situation: value as "death-occurred" | "planning-ahead" }))}
      error={showErrors && !draft.answers.situation ? t("required") : undefined}
      options={[
        { value: "death-occurred", label: t("deathOccurred"), description: t("deathOccurredHint") },
        { value: "planning-ahead", label: t("planningAhead"), description: t("planningAheadHint") },
      ]}
    />
  );
}

function useCommuneSearch() {
  return useCallback(
    async (q: string, signal: AbortSignal): Promise<ComboboxOption[]> =>
      (await searchCommunes(q, signal)).map((c) => ({
        id: c.insee_code,
        label: c.name,
        hint: `${c.postal_codes.slice(0, 3).join(", ")}${c.postal_codes.length > 3 ? "…" : ""} – ${c.department.name} (${c.department.code})`,
        extra: c.postal_codes[0],
      })),
    [],
  );
}

function useCountrySearch(exclude?: string) {
  const locale = useLocale();
  return useCallback(
    async (q: string, signal: AbortSignal): Promise<ComboboxOption[]> =>
      (await searchCountries(q, locale, signal)).filter((c) => c.code.toLowerCase() !== (exclude ?? "").toLowerCase()).map((c) => ({ id: c.code.toUpperCase(), label: c.name })),
    [locale, exclude],
  );
}

export function PlaceStep({ draft, onChange, showErrors, question }: StepProps) {
  const t = useTranslations("Quote.funnel.place");
  const searchCommune = useCommuneSearch();
  const searchCountry = useCountrySearch("fr");
  const planning = draft.answers.situation === "planning-ahead";
  const place = draft.answers.placeOfDeath;
  const abroad = place === "abroad";

  const pickCommune = (option: ComboboxOption) =>
    onChange((d) => ({
      ...withAnswers({ deathCommuneInsee: option.id, funeralParlorId: undefined, crematoriumId: undefined, graveyardId: undefined })(d),
      commune: { insee: option.id, name: option.label, postalCode: option.extra ?? null },
    }));

  const communeInput = (
    <PlaceCombobox
      label={planning ? t("communePlanning") : abroad ? t("communeAbroad") : t("commune")}
      hint={planning ? t("communePlanningHint") : abroad ? t("communeAbroadHint") : t("communeHint")}
      value={draft.commune?.name ?? ""}
      search={searchCommune}
      onPick={pickCommune}
      required
      emptyText={t("noCommune")}
      loadingText={t("searching")}
      failedText={t("searchFailed")}
      error={showErrors && !draft.answers.deathCommuneInsee ? t("communeRequired") : undefined}
    />
  );

  if (planning) return <div className="flex flex-col gap-6">{communeInput}</div>;

  return (
    <div className="flex flex-col gap-6">
      <RadioCards
        name="placeOfDeath"
        legend={question}
        hideLegend
        value={place ?? null}
        onValueChange={(value) => onChange(withAnswers({ placeOfDeath: value as PlaceOfDeath }))}
        error={showErrors && !place ? t("placeRequired") : undefined}
        columns={2}
        options={PLACES_OF_DEATH.map((value) => ({ value, label: t(`places.${value}`), description: t(`placesHint.${value}`) }))}
      />
      {abroad ? (
        <PlaceCombobox
          label={t("country")}
          hint={t("countryHint")}
          value={draft.deathCountry?.name ?? ""}
          search={searchCountry}
          onPick={(option) => onChange((d) => ({ ...withAnswers({ deathCountry: option.id })(d), deathCountry: { code: option.id, name: option.label } }))}
          required
          emptyText={t("noCountry")}
          loadingText={t("searching")}
          failedText={t("searchFailed")}
          error={showErrors && !draft.answers.deathCountry ? t("countryRequired") : undefined}
        />
      ) : null}
      {place ? communeInput : null}
    </div>
  );
}

export function DateStep({ draft, onChange, showErrors }: StepProps) {
  const t = useTranslations("Quote.funnel.date");
  const a = draft.answers;
  const today = todayInFrance();
  const future = a.deathDate !== undefined && a.deathDate > today;
  // The legal limit shows as soon as the date is typed, before any price exists.
  const deadlines = a.deathDate
    ? computeDeadlines({
        deathDate: a.deathDate,
        deathTime: a.deathTime,
        placeOfDeath: a.placeOfDeath,
        arrivalInFranceDate: a.arrivalInFranceDate,
        medicoLegal: a.medicoLegal,
        prosecutorAuthorisationDate: a.prosecutorAuthorisationDate,
      })
    : null;
  const latest = deadlines?.ok ? deadlines.value.deadlines.find((d) => d.id === "funeral-latest") : undefined;
  const setDefunct = (patch: Partial<typeof draft.defunct>) => onChange((d) => ({ ...d, defunct: { ...d.defunct, ...patch } }));
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <Input
          label={t("date")}
          type="date"
          max={today}
          required
          value={a.deathDate ?? ""}
          onChange={(event) => onChange(withAnswers({ deathDate: event.target.value || undefined }))}
          error={showErrors && !a.deathDate ? t("dateRequired") : future ? t("dateFuture") : undefined}
        />
        <Input
          label={t("time")}
          hint={t("timeHint")}
          type="time"
          value={a.deathTime ?? ""}
          disabled={!a.deathDate}
          onChange={(event) => onChange(withAnswers({ deathTime: event.target.value || undefined }))}
        />
      </div>
      {a.placeOfDeath === "abroad" ? (
        <Input
          label={t("arrival")}
          hint={t("arrivalHint")}
          type="date"
          min={a.deathDate}
          value={a.arrivalInFranceDate ?? ""}
          onChange={(event) => onChange(withAnswers({ arrivalInFranceDate: event.target.value || undefined }))}
        />
      ) : null}
      <RadioCards
        name="medicoLegal"
        legend={t("medicoLegal")}
        hint={t("medicoLegalHint")}
        columns={2}
        options={[
          { value: "no", label: t("medicoLegalNo") },
          { value: "yes", label: t("medicoLegalYes") },
        ]}
        value={a.medicoLegal === true ? "yes" : a.medicoLegal === false ? "no" : null}
        onChange={(event) => onChange(withAnswers({ medicoLegal: event.target.value === "yes" }))}
      />
      {a.medicoLegal === true ? (
        <Input
          label={t("prosecutorDate")}
          hint={t("prosecutorDateHint")}
          type="date"
          min={a.deathDate}
          value={a.prosecutorAuthorisationDate ?? ""}
          onChange={(event) => onChange(withAnswers({ prosecutorAuthorisationDate: event.target.value || undefined }))}
        />
      ) : null}
      {latest && !future ? <DeadlineCallout date={latest.at.date} startsFrom={latest.startsFrom} /> : null}
      {a.medicoLegal === true && !a.prosecutorAuthorisationDate ? (
        <Alert tone="info" title={t("medicoLegalPendingTitle")} announce={false}>
          {t("medicoLegalPending")}
        </Alert>
      ) : null}
      <fieldset className="flex flex-col gap-4 rounded-lg border border-line p-4">
        <legend className="px-1 font-semibold text-ink">{t("defunctLegend")}</legend>
        <p className="text-ink-soft">{t("defunctHint")}</p>
        <Select
          label={t("civility")}
          value={draft.defunct.civility}
          onChange={(event) => setDefunct({ civility: event.target.value as "" | (typeof CIVILITIES)[number] })}
          options={[{ value: "", label: t("civilityNone") }, ...CIVILITIES.map((c) => ({ value: c, label: t(`civilities.${c === "Mme" ? "mrs" : "mr"}`) }))]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label={t("firstname")} autoComplete="off" value={draft.defunct.firstname} onChange={(event) => setDefunct({ firstname: event.target.value })} maxLength={100} />
          <Input label={t("lastname")} autoComplete="off" value={draft.defunct.lastname} onChange={(event) => setDefunct({ lastname: event.target.value })} maxLength={100} />
        </div>
      </fieldset>
    </div>
  );
}

export function DeadlineCallout({ date, startsFrom }: { date: string; startsFrom: Deadline["startsFrom"] }) {
  const t = useTranslations("Quote.funnel.date");
  const locale = useLocale();
  const [y, m, d] = date.split("-").map(Number);
  const formatted = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
  return (
    <Alert tone="info" title={t("deadlineTitle", { date: formatted })} announce={false}>
      {startsFrom === "arrival-in-france" ? t("deadlineAbroad") : startsFrom === "prosecutor-authorisation" ? t("deadlineMedicoLegal") : t("deadlineText")}
    </Alert>
  );
}

export function DispositionStep({ draft, onChange, showErrors, question }: StepProps) {
  const t = useTranslations("Quote.funnel.disposition");
  return (
    <RadioCards
      name="disposition"
      legend={question}
      hideLegend
      value={draft.choice}
      onValueChange={(value) => onChange((d) => ({ ...d, choice: value as "burial" | "cremation" | "repatriation" }))}
      error={showErrors && !draft.choice ? t("required") : undefined}
      options={[
        { value: "burial", label: t("burial"), description: t("burialHint") },
        { value: "cremation", label: t("cremation"), description: t("cremationHint") },
        { value: "repatriation", label: t("repatriation"), description: t("repatriationHint") },
      ]}
    />
  );
}

export function DestinationStep({ draft, onChange, showErrors }: StepProps) {
  const t = useTranslations("Quote.funnel.destination");
  const searchCountry = useCountrySearch("fr");
  return (
    <div className="flex flex-col gap-6">
      <PlaceCombobox
        label={t("country")}
        hint={t("countryHint")}
        value={draft.destination?.name ?? ""}
        search={searchCountry}
        onPick={(option) => onChange((d) => ({ ...d, destination: { code: option.id, name: option.label } }))}
        required
        emptyText={t("noCountry")}
        loadingText={t("searching")}
        failedText={t("searchFailed")}
        error={showErrors && !draft.destination ? t("required") : undefined}
      />
      <Alert tone="info" title={t("infoTitle")} announce={false}>
        <ul className="mt-1 list-disc ps-5">
          <li>{t("infoCoffin")}</li>
          <li>{t("infoPapers")}</li>
          <li>{t("infoBurial")}</li>
        </ul>
      </Alert>
    </div>
  );
}
