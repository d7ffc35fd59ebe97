"use client";

import { useCallback, useEffect } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Stepper } from "@/ui/stepper";
import { isStepAnswered } from "./funnel-flow";
import { PanelSpacer, QuotePanel } from "./quote-panel";
import { SaveStatusLine } from "@/ui/save-status-line";
import { DateStep, DestinationStep, DispositionStep, PlaceStep, SituationStep } from "./steps-situation";
import type { StepProps } from "./step-props";
import { useFunnelDraft } from "./use-funnel-draft";
import { STEP_SLUGS, stepUrl, useFunnelNavigation } from "./use-funnel-navigation";
import { useFunnelOpening, type Opening } from "./use-funnel-opening";
import { useFunnelPricing } from "./use-funnel-pricing";
import { useFunnelSaving } from "./use-funnel-saving";

/**
 * The funeral quote funnel: one question per screen, back and forth without losing
 * anything, the price beside the questions as they are answered, every answer saved on
 * the server as the family goes (and on this device first, so nothing typed is lost).
 */

// Not needed before the first answer: the later screens load after it (and the pricing
// engine with the commune's prices), so the first question is ready sooner.
const loadChoices = () => import("./steps-choices");
const loadContact = () => import("./step-contact");
const CeremonyStep = dynamic(() => loadChoices().then((m) => m.CeremonyStep));
const RestingPlaceStep = dynamic(() => loadChoices().then((m) => m.RestingPlaceStep));
const CoffinStep = dynamic(() => loadChoices().then((m) => m.CoffinStep));
const OptionsStep = dynamic(() => loadChoices().then((m) => m.OptionsStep));
const ContactStep = dynamic(() => loadContact().then((m) => m.ContactStep));

export function FuneralFunnel() {
  const t = useTranslations("Quote.funnel");
  const saving = useFunnelSaving();
  const { status, server, submitting, serverCodes, resume, openDeal, forgetDeal, saveAnswers, submitContact, retry } = saving;
  const { draft, step, open, markReady, change, forgetDraft, putStep, latestDraft } = useFunnelDraft({
    uuid: saving.uuid,
    token: saving.token,
    onChanged: saveAnswers,
  });
  const { steps, index, canGoBack, showErrors, headingRef, onContinue, onBack, restart } = useFunnelNavigation({
    draft,
    step,
    latestDraft,
    putStep,
    onMoved: saveAnswers,
  });
  const { pricing, shown } = useFunnelPricing(draft, server);

  useFunnelOpening(
    useCallback(
      (opening: Opening) => {
        const at = open(opening.draft, opening.at);
        openDeal(opening.uuid, opening.token, opening.how, opening.deal);
        window.history.replaceState(null, "", stepUrl(at));
        markReady();
      },
      [open, openDeal, markReady],
    ),
  );

  // Once the family has answered, fetch the later screens while they read the next question.
  const answered = draft.answers.situation !== undefined;
  useEffect(() => {
    if (answered) void Promise.all([loadChoices(), loadContact()]);
  }, [answered]);

  function startAgain() {
    forgetDraft();
    forgetDeal();
    restart();
  }

  const planning = draft.answers.situation === "planning-ahead";
  const titleKey = step === "place" && planning ? "placePlanning" : step === "resting-place" && draft.choice === "cremation" ? "restingCremation" : step;
  const question = t(`steps.${titleKey}.title`);
  const props: StepProps = { draft, onChange: change, pricing, quote: shown.quote, showErrors, question };
  // Back from signing in, this device's stored funnel (uuid and key) resumes: nothing in the address.
  const returnTo = `${paths.funnelStart()}?etape=${STEP_SLUGS.contact}`;
  const missing = showErrors && !isStepAnswered(draft, step) && step !== "contact";

  return (
    <div className="mx-auto max-w-6xl px-4 pb-10 pt-6 sm:px-6 sm:pt-10">
      <Stepper
        current={index + 1}
        total={steps.length}
        statusText={t("progress", { current: index + 1, total: steps.length })}
        label={t("progressLabel")}
        steps={steps.map((s) => ({ label: t(`steps.${s}.short`) }))}
        completedHint={t("completed")}
      />
      {resume ? (
        <div className="mt-6">
          {resume.kind === "link-invalid" ? (
            <Alert tone="warning" title={t("resume.invalidTitle")}>
              {t("resume.invalidText")}
            </Alert>
          ) : (
            <Alert tone="info" title={resume.kind === "email" ? t("resume.emailTitle") : t("resume.localTitle")} announce={false}>
              <p>{t("resume.text")}</p>
              <button type="button" onClick={startAgain} className="mt-2 font-semibold text-primary underline underline-offset-2">
                {t("resume.startAgain")}
              </button>
            </Alert>
          )}
        </div>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="funnel-question" className="min-w-0">
          <h1 id="funnel-question" ref={headingRef} tabIndex={-1} className="text-2xl outline-none sm:text-4xl">
            {question}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t(`steps.${titleKey}.lead`)}</p>
          <div className="mt-6">
            {step === "situation" ? <SituationStep {...props} /> : null}
            {step === "place" ? <PlaceStep {...props} /> : null}
            {step === "date" ? <DateStep {...props} /> : null}
            {step === "disposition" ? <DispositionStep {...props} /> : null}
            {step === "destination" ? <DestinationStep {...props} /> : null}
            {step === "ceremony" ? <CeremonyStep {...props} /> : null}
            {step === "resting-place" ? <RestingPlaceStep {...props} /> : null}
            {step === "coffin" ? <CoffinStep {...props} /> : null}
            {step === "options" ? <OptionsStep {...props} /> : null}
            {step === "contact" ? (
              <ContactStep
                contact={draft.contact}
                onContactChange={(contact) => change((d) => ({ ...d, contact }))}
                onSubmit={(client) => submitContact(latestDraft, client)}
                submitting={submitting}
                serverCodes={serverCodes}
                returnTo={returnTo}
                question={question}
              />
            ) : null}
          </div>
          {missing ? (
            <Alert tone="error" className="mt-6">
              {t("missing")}
            </Alert>
          ) : null}
          <div className="mt-8 flex flex-wrap items-center gap-3">
            {step !== "contact" ? (
              <Button size="lg" onClick={onContinue}>
                {t("continue")}
              </Button>
            ) : null}
            {canGoBack ? (
              <Button size="lg" variant="ghost" onClick={onBack}>
                {t("back")}
              </Button>
            ) : null}
          </div>
          <div className="mt-6">
            <SaveStatusLine status={status} onRetry={retry} namespace="Quote.save" />
          </div>
          <PanelSpacer />
        </section>
        <QuotePanel quote={shown.quote} freshness={shown.freshness} communeName={draft.commune?.name ?? null} abroad={draft.answers.placeOfDeath === "abroad"} />
      </div>
    </div>
  );
}
