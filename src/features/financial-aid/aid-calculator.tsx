"use client";

import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useFormatter, useTranslations } from "next-intl";
import {
  assessFinancialAid,
  DECEASED_SITUATIONS,
  financialAidAnswersSchema,
  figureValues,
  isFinancialAidErrorCode,
  isQuestionAsked,
  RELATIONSHIPS,
  YES_NO,
  YES_NO_UNKNOWN,
  type AidAssessment,
  type FinancialAidAnswers,
  type FinancialAidFormValues,
} from "@/domain/financial-aid";
import { todayInFrance } from "@/domain/time";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { RadioCards } from "@/ui/radio-cards";
import { Select } from "@/ui/select";
import { AidResults } from "./aid-results";

/** Form fields in the order they appear, for the error summary. */
const FIELD_ORDER = [
  "deathDate",
  "situation",
  "privateSector",
  "reachedRetirementAge",
  "bankAccount",
  "deceasedResources",
  "mutuelle",
  "relationship",
  "childUnder25",
  "married",
  "survivorAge55",
  "survivorResourcesBelowCeiling",
  "dependent",
] as const;
type FieldName = (typeof FIELD_ORDER)[number];

/** Id of the element the error summary links to for a field. */
const fieldAnchor = (name: FieldName) => `aid-${name}`;

/**
 * The eligibility calculator: a short form about the deceased and about you, then
 * the aids that apply with their amounts, computed deadlines and where to claim.
 * Nothing leaves the browser and no account is needed. On a validation error the
 * answers stay as typed, a summary lists what to fix (linked to each question) and
 * takes the focus, and every question shows its own translated message.
 */
export function AidCalculator() {
  const t = useTranslations("FinancialAid");
  const today = useMemo(() => todayInFrance(), []);
  const schema = useMemo(() => financialAidAnswersSchema(today), [today]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FinancialAidFormValues, unknown, FinancialAidAnswers>({
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: false,
  });
  const [results, setResults] = useState<{ assessments: AidAssessment[]; today: string } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const situation = useWatch({ control, name: "situation" });
  const relationship = useWatch({ control, name: "relationship" });
  const asked = { situation, relationship };
  const format = useFormatter();
  const euros = (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" });
  // Where the focus goes after a submission: the results, or the list of answers to fix.
  const [focusRequest, setFocusRequest] = useState<{ to: "results" | "summary" } | null>(null);

  const errorText = (name: FieldName): string | undefined => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    return t(`errors.${isFinancialAidErrorCode(message) ? message : "financial_aid__unknown"}`);
  };

  function onValid(answers: FinancialAidAnswers) {
    setResults({ assessments: assessFinancialAid(answers, today), today });
    setFocusRequest({ to: "results" });
  }

  function onInvalid(_errors: FieldErrors<FinancialAidFormValues>) {
    setResults(null);
    setFocusRequest({ to: "summary" });
  }

  const yesNoUnknown = YES_NO_UNKNOWN.map((value) => ({ value, label: t(`calculator.answers.${value}`) }));
  const yesNo = YES_NO.map((value) => ({ value, label: t(`calculator.answers.${value}`) }));
  const figures = figureValues();
  const invalidFields = FIELD_ORDER.filter((name) => errors[name]);
  const showSummary = focusRequest?.to === "summary" && invalidFields.length > 0;

  // react-hook-form commits the errors and the submission in separate renders, so this
  // also runs when the summary appears after the request was made.
  useLayoutEffect(() => {
    if (!focusRequest) return;
    (focusRequest.to === "results" ? resultsRef.current : summaryRef.current)?.focus();
  }, [focusRequest, showSummary]);

  return (
    <div>
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="flex flex-col gap-8" aria-describedby="aid-form-intro">
        <p id="aid-form-intro" className="max-w-2xl text-ink-soft">
          {t("calculator.intro")}
        </p>

        {showSummary ? (
          <div ref={summaryRef} tabIndex={-1} className="outline-none">
            <Alert tone="error" title={t("calculator.errorSummary")}>
              <ul className="mt-1 list-disc ps-5">
                {invalidFields.map((name) => (
                  <li key={name}>
                    <a href={`#${fieldAnchor(name)}`} className="font-medium text-danger underline underline-offset-[0.2em]">
                      {errorText(name)}
                    </a>
                  </li>
                ))}
              </ul>
            </Alert>
          </div>
        ) : null}

        <Input
          id={fieldAnchor("deathDate")}
          type="date"
          max={today}
          label={t("calculator.deathDate.label")}
          hint={t("calculator.deathDate.hint")}
          error={errorText("deathDate")}
          required
          containerClassName="max-w-xs"
          {...register("deathDate")}
        />

        <RadioCards
          id={fieldAnchor("situation")}
          legend={t("calculator.situation.legend")}
          hint={t("calculator.situation.hint")}
          options={DECEASED_SITUATIONS.map((value) => ({ value, label: t(`calculator.situation.${value}`) }))}
          error={errorText("situation")}
          required
          columns={2}
          {...register("situation")}
        />

        {isQuestionAsked("privateSector", asked) ? (
          <RadioCards
            id={fieldAnchor("privateSector")}
            legend={t("calculator.privateSector.legend")}
            hint={t("calculator.privateSector.hint")}
            options={yesNoUnknown}
            error={errorText("privateSector")}
            required
            columns={3}
            {...register("privateSector")}
          />
        ) : null}

        {isQuestionAsked("reachedRetirementAge", asked) ? (
          <RadioCards
            id={fieldAnchor("reachedRetirementAge")}
            legend={t("calculator.reachedRetirementAge.legend")}
            hint={t("calculator.reachedRetirementAge.hint")}
            options={yesNoUnknown}
            error={errorText("reachedRetirementAge")}
            required
            columns={3}
            {...register("reachedRetirementAge")}
          />
        ) : null}

        <RadioCards
          id={fieldAnchor("bankAccount")}
          legend={t("calculator.bankAccount.legend")}
          options={yesNoUnknown}
          error={errorText("bankAccount")}
          required
          columns={3}
          {...register("bankAccount")}
        />

        <RadioCards
          id={fieldAnchor("deceasedResources")}
          legend={t("calculator.deceasedResources.legend")}
          hint={t("calculator.deceasedResources.hint")}
          options={yesNoUnknown}
          error={errorText("deceasedResources")}
          required
          columns={3}
          {...register("deceasedResources")}
        />

        <RadioCards
          id={fieldAnchor("mutuelle")}
          legend={t("calculator.mutuelle.legend")}
          hint={t("calculator.mutuelle.hint")}
          options={yesNoUnknown}
          error={errorText("mutuelle")}
          required
          columns={3}
          {...register("mutuelle")}
        />

        <Select
          id={fieldAnchor("relationship")}
          label={t("calculator.relationship.label")}
          placeholder={t("calculator.relationship.placeholder")}
          options={RELATIONSHIPS.map((value) => ({ value, label: t(`calculator.relationship.${value}`) }))}
          error={errorText("relationship")}
          required
          containerClassName="max-w-md"
          {...register("relationship")}
        />

        {isQuestionAsked("childUnder25", asked) ? (
          <RadioCards
            id={fieldAnchor("childUnder25")}
            legend={t("calculator.childUnder25.legend", { age: figures.childAge, weeks: figures.childWeeks })}
            hint={t("calculator.childUnder25.hint")}
            options={yesNo}
            error={errorText("childUnder25")}
            required
            columns={2}
            {...register("childUnder25")}
          />
        ) : null}

        {isQuestionAsked("married", asked) ? (
          <RadioCards
            id={fieldAnchor("married")}
            legend={t("calculator.married.legend")}
            hint={t("calculator.married.hint")}
            options={yesNo}
            error={errorText("married")}
            required
            columns={2}
            {...register("married")}
          />
        ) : null}

        {isQuestionAsked("survivorAge55", asked) ? (
          <RadioCards
            id={fieldAnchor("survivorAge55")}
            legend={t("calculator.survivorAge55.legend", { age: figures.reversionAge })}
            options={yesNo}
            error={errorText("survivorAge55")}
            required
            columns={2}
            {...register("survivorAge55")}
          />
        ) : null}

        {isQuestionAsked("survivorResourcesBelowCeiling", asked) ? (
          <RadioCards
            id={fieldAnchor("survivorResourcesBelowCeiling")}
            legend={t("calculator.survivorResources.legend", { ceiling: euros(figures.reversionCeilingCents) })}
            hint={t("calculator.survivorResources.hint", { coupleCeiling: euros(figures.reversionCoupleCeilingCents) })}
            options={yesNoUnknown}
            error={errorText("survivorResourcesBelowCeiling")}
            required
            columns={3}
            {...register("survivorResourcesBelowCeiling")}
          />
        ) : null}

        <RadioCards
          id={fieldAnchor("dependent")}
          legend={t("calculator.dependent.legend")}
          hint={t("calculator.dependent.hint")}
          options={yesNo}
          error={errorText("dependent")}
          required
          columns={2}
          {...register("dependent")}
        />

        <div>
          <Button type="submit" size="lg">
            {t("calculator.submit")}
          </Button>
        </div>
      </form>

      {results ? (
        <section aria-labelledby="aid-results-title" className="mt-12 border-t border-line pt-10">
          <h2 id="aid-results-title" ref={resultsRef} tabIndex={-1} className="font-serif text-2xl font-semibold outline-none sm:text-3xl">
            {t("results.title")}
          </h2>
          <AidResults assessments={results.assessments} today={results.today} />
        </section>
      ) : null}
    </div>
  );
}
