"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { paths } from "@/config/paths";
import type { MarketingAttributes } from "@/domain/attribution";
import type { Locale } from "@/domain/locales";
import type { computeQuote, Quote } from "@/domain/quote/pricing";
import type { FunnelClientInput, FunnelStep } from "@/domain/schemas/funeral-quote";
import type { TrackingInput } from "@/domain/schemas/tracking";
import { consumeAttribution } from "@/store/attribution-slice";
import { useAppDispatch } from "@/store/hooks";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Stepper } from "@/ui/stepper";
import { useArrivalSearch } from "./arrival-search";
import { fetchPricing, forgetResumeFragment, funnelApi, pricingKey, readResumeFragment, type PricingData, type PricingQuery } from "./funnel-api";
import {
  answersKey,
  draftFromDeal,
  emptyDraft,
  funnelSteps,
  isStepAnswered,
  nextStep,
  normalizeDraft,
  previousStep,
  reachableStep,
  type FunnelDraft,
} from "./funnel-flow";
import { FunnelSaver, type SavePayload, type SaveStatus } from "./funnel-saver";
import { clearStoredFunnel, loadStoredFunnel, saveStoredFunnel } from "./funnel-storage";
import { PanelSpacer, QuotePanel, type QuoteFreshness } from "./quote-panel";
import { SaveStatusLine } from "./save-status";
import { DateStep, DestinationStep, DispositionStep, PlaceStep, SituationStep } from "./steps-situation";
import type { StepProps } from "./step-props";
import { todayInFrance } from "@/domain/time";

/**
 * The funeral quote funnel: one question per screen, back and forth without losing
 * anything, the price beside the questions as they are answered, every answer saved on
 * the server as the family goes (and on this device first, so nothing typed is lost).
 */

// Not needed before the first answer: the later screens and the pricing engine (the
// funnel's largest module) load after it, so the first question is ready sooner.
const loadChoices = () => import("./steps-choices");
const loadContact = () => import("./step-contact");
const CeremonyStep = dynamic(() => loadChoices().then((m) => m.CeremonyStep));
const RestingPlaceStep = dynamic(() => loadChoices().then((m) => m.RestingPlaceStep));
const CoffinStep = dynamic(() => loadChoices().then((m) => m.CoffinStep));
const OptionsStep = dynamic(() => loadChoices().then((m) => m.OptionsStep));
const ContactStep = dynamic(() => loadContact().then((m) => m.ContactStep));
let pricingEngine: typeof computeQuote | null = null;
const loadPricingEngine = () =>
  import("@/domain/quote/pricing").then((m) => {
    pricingEngine = m.computeQuote;
  });

/** French words in the address bar, one per screen. */
export const STEP_SLUGS: Record<FunnelStep, string> = {
  situation: "situation",
  place: "lieu",
  date: "date",
  disposition: "inhumation-ou-cremation",
  destination: "pays",
  ceremony: "ceremonie",
  "resting-place": "sepulture",
  coffin: "cercueil",
  options: "options",
  contact: "coordonnees",
};

function stepFromSlug(slug: string | null): FunnelStep | null {
  if (!slug) return null;
  const found = (Object.entries(STEP_SLUGS) as Array<[FunnelStep, string]>).find(([, s]) => s === slug);
  return found ? found[0] : null;
}

function stepUrl(step: FunnelStep): string {
  return `${paths.funnelStart()}?etape=${STEP_SLUGS[step]}`;
}


function toTracking(attributes: MarketingAttributes | null): TrackingInput | undefined {
  if (!attributes) return undefined;
  return {
    tracking_type: attributes.tracking_type,
    tracking_id: attributes.tracking_id,
    utm_source: attributes.utm_source,
    utm_medium: attributes.utm_medium,
    utm_campaign: attributes.utm_campaign,
    utm_term: attributes.utm_term,
    consent: attributes.consent,
    expiration_date: new Date(attributes.expiration),
  };
}

type Resume = { kind: "local" } | { kind: "email" } | { kind: "link-invalid" } | null;

export function FuneralFunnel() {
  const t = useTranslations("Quote.funnel");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const search = useArrivalSearch();
  const dispatch = useAppDispatch();

  const [ready, setReady] = useState(false);
  const [draft, setDraft] = useState<FunnelDraft>(emptyDraft);
  const [step, setStep] = useState<FunnelStep>("situation");
  const [uuid, setUuid] = useState<string | null>(null);
  // The deal's resume token: its key without a session, sent in a header, kept on this device with the uuid.
  const [token, setToken] = useState<string | null>(null);
  const tokenRef = useRef<string | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const [server, setServer] = useState<{ quote: Quote; key: string } | null>(null);
  const [pricing, setPricing] = useState<{ key: string; data: PricingData } | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverCodes, setServerCodes] = useState<string[]>([]);
  const [resume, setResume] = useState<Resume>(null);

  const saverRef = useRef<FunnelSaver | null>(null);
  const draftRef = useRef(draft);
  const stepRef = useRef(step);
  const trackingRef = useRef<{ taken: boolean; value: TrackingInput | undefined }>({ taken: false, value: undefined });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const forwardDepth = useRef(0);
  const focusOnStep = useRef(false);
  const pricingCache = useRef(new Map<string, Promise<PricingData>>());

  const makeSaver = useCallback((initialUuid: string | null) => {
    saverRef.current?.dispose();
    saverRef.current = new FunnelSaver({
      api: funnelApi(undefined, () => tokenRef.current),
      uuid: initialUuid,
      onStatus: setStatus,
      onSaved: (deal, payload) => {
        // A new deal (the first save, or a fresh one after an expired link) comes with its own key.
        if (deal.resume_token) {
          tokenRef.current = deal.resume_token;
          setToken(deal.resume_token);
        }
        setUuid(deal.uuid);
        setServer({ quote: deal.quote, key: answersKey(payload.answers) });
      },
    });
  }, []);

  // Opening: from the e-mail link (#devis=…&cle=…), from this device, or afresh.
  useEffect(() => {
    let cancelled = false;
    // The link's key is read once, then taken out of the address before anything else sees it.
    const link = readResumeFragment(window.location.hash);
    forgetResumeFragment();
    const linkUuid = link?.uuid ?? search.get("devis")?.toLowerCase() ?? null;
    const wanted = stepFromSlug(search.get("etape"));
    const stored = loadStoredFunnel();
    const start = (next: FunnelDraft, at: FunnelStep | null, dealUuid: string | null, how: Resume, dealToken: string | null) => {
      if (cancelled) return;
      const normalized = normalizeDraft(next);
      const shown = reachableStep(normalized, at);
      draftRef.current = normalized;
      stepRef.current = shown;
      setDraft(normalized);
      setStep(shown);
      setUuid(dealUuid);
      tokenRef.current = dealUuid ? dealToken : null;
      setToken(dealUuid ? dealToken : null);
      setResume(how);
      makeSaver(dealUuid);
      window.history.replaceState(null, "", stepUrl(shown));
      setReady(true);
    };
    if (linkUuid && /^[0-9a-f-]{36}$/.test(linkUuid)) {
      if (stored?.uuid === linkUuid) {
        // This device has the same deal, possibly with answers not yet saved: they win.
        start(stored.draft, wanted ?? stored.step, linkUuid, { kind: "email" }, link?.token ?? stored.token);
      } else if (link) {
        funnelApi(undefined, () => link.token)
          .get(link.uuid)
          .then((deal) => {
            start(draftFromDeal(deal, null), wanted ?? deal.current_step, deal.uuid, { kind: "email" }, link.token);
            setServer({ quote: deal.quote, key: answersKey(deal.answers) });
          })
          .catch(() => {
            if (stored) start(stored.draft, stored.step, stored.uuid, { kind: "link-invalid" }, stored.token);
            else start(emptyDraft(), null, null, { kind: "link-invalid" }, null);
          });
      } else if (stored) {
        // An old link with the uuid alone opens nothing: this device's own funnel continues.
        start(stored.draft, wanted ?? stored.step, stored.uuid, { kind: "local" }, stored.token);
      } else {
        start(emptyDraft(), null, null, { kind: "link-invalid" }, null);
      }
    } else if (stored) {
      start(stored.draft, wanted ?? stored.step, stored.uuid, stored.uuid || stored.draft.answers.situation ? { kind: "local" } : null, stored.token);
    } else {
      const fresh = emptyDraft();
      if (search.get("parcours") === "rapatriement") fresh.choice = "repatriation";
      start(fresh, null, null, null, null);
    }
    return () => {
      cancelled = true;
    };
    // Runs once, on arrival: later changes of the address come from the funnel itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => saverRef.current?.dispose(), []);

  // Once the family has answered, fetch the later screens while they read the next question.
  const answered = draft.answers.situation !== undefined;
  useEffect(() => {
    if (answered) void Promise.all([loadChoices(), loadContact()]);
  }, [answered]);

  // Back on line: try again at once rather than waiting for the next attempt.
  useEffect(() => {
    const online = () => saverRef.current?.retryNow();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  // Kept on this device at every change.
  useEffect(() => {
    if (!ready) return;
    saveStoredFunnel({ uuid, token, step, draft, submitted: false });
  }, [ready, uuid, token, step, draft]);

  const payloadFor = useCallback(
    (next: FunnelDraft, at: FunnelStep): SavePayload => {
      const d = next.defunct;
      const payload: SavePayload = { answers: next.answers, current_step: at, locale };
      if (d.civility || d.firstname.trim() || d.lastname.trim()) {
        payload.defunct = { civility: d.civility || null, firstname: d.firstname.trim() || null, lastname: d.lastname.trim() || null };
      }
      if (!saverRef.current?.dealUuid) {
        if (!trackingRef.current.taken) trackingRef.current = { taken: true, value: toTracking(dispatch(consumeAttribution())) };
        if (trackingRef.current.value) payload.tracking = trackingRef.current.value;
      }
      return payload;
    },
    [locale, dispatch],
  );

  const queueSave = useCallback(
    (next: FunnelDraft, at: FunnelStep) => {
      // The deal is created with the first answer, not on arrival.
      if (next.answers.situation === undefined) return;
      saverRef.current?.queue(payloadFor(next, at));
    },
    [payloadFor],
  );

  const change = useCallback(
    (update: (current: FunnelDraft) => FunnelDraft) => {
      const next = normalizeDraft(update(draftRef.current));
      draftRef.current = next;
      setDraft(next);
      setServerCodes([]);
      queueSave(next, stepRef.current);
    },
    [queueSave],
  );

  const goTo = useCallback(
    (next: FunnelStep, mode: "push" | "replace" | "none") => {
      stepRef.current = next;
      setStep(next);
      setShowErrors(false);
      setServerCodes([]);
      focusOnStep.current = true;
      if (mode === "push") {
        forwardDepth.current += 1;
        window.history.pushState(null, "", stepUrl(next));
      } else if (mode === "replace") {
        window.history.replaceState(null, "", stepUrl(next));
      }
      queueSave(draftRef.current, next);
    },
    [queueSave],
  );

  // The browser's back and forward buttons move between screens.
  useEffect(() => {
    const onPop = () => {
      const wanted = stepFromSlug(new URLSearchParams(window.location.search).get("etape"));
      forwardDepth.current = Math.max(0, forwardDepth.current - 1);
      goTo(reachableStep(draftRef.current, wanted), "none");
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [goTo]);

  // A new screen: read its question first and start at the top.
  useEffect(() => {
    if (!focusOnStep.current) return;
    focusOnStep.current = false;
    headingRef.current?.focus();
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, [step]);

  // Price data of the commune (and countries), for an instant price on every answer.
  const query: PricingQuery = useMemo(
    () => ({
      commune: draft.answers.deathCommuneInsee,
      death_country: draft.answers.placeOfDeath === "abroad" ? draft.answers.deathCountry : undefined,
      destination: draft.answers.repatriation?.destinationCountry,
    }),
    [draft.answers.deathCommuneInsee, draft.answers.placeOfDeath, draft.answers.deathCountry, draft.answers.repatriation?.destinationCountry],
  );
  const wantedPricing = query.commune ? pricingKey(query) : null;
  useEffect(() => {
    if (!wantedPricing) return;
    let cancelled = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      let pending = pricingCache.current.get(wantedPricing);
      if (!pending) {
        pending = Promise.all([fetchPricing(query), loadPricingEngine()]).then(([data]) => data);
        pricingCache.current.set(wantedPricing, pending);
      }
      pending
        .then((data) => {
          if (!cancelled) setPricing({ key: wantedPricing, data });
        })
        .catch(() => {
          pricingCache.current.delete(wantedPricing);
          // Without a connection the server's last quote stays on screen; try again calmly.
          attempt += 1;
          if (!cancelled) timer = setTimeout(load, Math.min(30_000, 2_000 * attempt));
        });
    };
    load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [wantedPricing, query]);

  const currentKey = answersKey(draft.answers);
  const priced = draft.answers.deathCommuneInsee !== undefined && draft.choice !== null;
  const localQuote = useMemo(() => {
    if (!pricing || pricing.key !== wantedPricing || !pricingEngine) return null;
    return pricingEngine(draft.answers, pricing.data.catalog, pricing.data.partners, { operator: pricing.data.operator, today: todayInFrance() });
  }, [pricing, wantedPricing, draft.answers]);
  let shown: { quote: Quote | null; freshness: QuoteFreshness } = { quote: null, freshness: "local" };
  if (priced) {
    if (server && server.key === currentKey) shown = { quote: server.quote, freshness: "server" };
    else if (localQuote) shown = { quote: localQuote, freshness: "local" };
    else if (server) shown = { quote: server.quote, freshness: "stale" };
  }

  const steps = funnelSteps(draft);
  const index = Math.max(0, steps.indexOf(step));
  const canGoBack = index > 0;

  function onContinue() {
    if (!isStepAnswered(draft, step)) {
      setShowErrors(true);
      return;
    }
    const next = nextStep(draft, step);
    if (next) goTo(next, "push");
  }

  function onBack() {
    const previous = previousStep(draft, step);
    if (!previous) return;
    if (forwardDepth.current > 0) window.history.back();
    else goTo(previous, "replace");
  }

  function startAgain() {
    clearStoredFunnel();
    const fresh = emptyDraft();
    draftRef.current = fresh;
    setDraft(fresh);
    setUuid(null);
    tokenRef.current = null;
    setToken(null);
    setServer(null);
    setResume(null);
    setStatus({ kind: "idle" });
    trackingRef.current = { taken: false, value: undefined };
    makeSaver(null);
    forwardDepth.current = 0;
    goTo("situation", "replace");
  }

  async function submitContact(client: FunnelClientInput) {
    const saver = saverRef.current;
    if (!saver) return;
    setSubmitting(true);
    setServerCodes([]);
    try {
      const deal = await saver.submit({ ...payloadFor(draftRef.current, "contact"), client, submit: true });
      saveStoredFunnel({ uuid: deal.uuid, token: tokenRef.current, step: "contact", draft: draftRef.current, submitted: true });
      // The confirmation page reads the deal and its key from this device, never from the address.
      router.push(paths.funeralQuoteConfirmation());
    } catch (error) {
      setServerCodes(toApiError(error).codes);
      setSubmitting(false);
    }
  }

  const planning = draft.answers.situation === "planning-ahead";
  const titleKey = step === "place" && planning ? "placePlanning" : step === "resting-place" && draft.choice === "cremation" ? "restingCremation" : step;
  const question = t(`steps.${titleKey}.title`);
  const props: StepProps = { draft, onChange: change, pricing: pricing?.key === wantedPricing ? pricing.data : null, quote: shown.quote, showErrors, question };
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
                onSubmit={submitContact}
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
            <SaveStatusLine status={status} onRetry={() => saverRef.current?.retryNow()} />
          </div>
          <PanelSpacer />
        </section>
        <QuotePanel quote={shown.quote} freshness={shown.freshness} communeName={draft.commune?.name ?? null} abroad={draft.answers.placeOfDeath === "abroad"} />
      </div>
    </div>
  );
}
