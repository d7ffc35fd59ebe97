"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toApiError } from "@/api-client/api-error";
import { paths } from "@/config/paths";
import { messageKeyForCode } from "@/domain/errors";
import { drawConfiguredMonument } from "@/domain/marble/monument-view";
import { formatMoney } from "@/domain/quote/money";
import { MARBLE_FUNNEL_STEPS, type MarbleDealView, type MarbleFilters, type MarbleFunnelStep, type SupplierWarehouseProduct } from "@/domain/schemas/marble-funnel";
import { Button } from "@/ui/button";
import type { ComboboxOption } from "@/ui/combobox";
import { ModelStep } from "./model-step";
import { monumentApi, type MonumentApi } from "./monument-api";
import { draftPayload, emptyMonumentDraft, loadMonumentDraft, rememberSentQuote, reopenedDraft, saveMonumentDraft, stepMissing, type MonumentDraft } from "./monument-draft";
import { MonumentSaver, type SaveStatus } from "./monument-saver";
import { AccessoriesStep, CemeteryStep, ContactStep, EngravingStep, FinishStep, GraniteStep } from "./monument-steps";
import { MonumentPreview, MonumentPrice, MonumentStock } from "./monument-summary";
import { SaveStatusLine } from "@/ui/save-status-line";

/**
 * /catalogue-pierres-tombales: the monument configurator. Server-rendered on the model grid with
 * an empty draft; once in the browser it takes back the draft kept on this device. Every change is
 * kept locally at once and saved to the deal shortly after (POST on the first answer, PUT after);
 * the price shown is the server's answer to the latest save.
 */
export function MonumentConfigurator({ api: injected }: { api?: MonumentApi }) {
  const t = useTranslations("MonumentFunnel");
  const te = useTranslations("Errors");
  const tm = useTranslations("MonumentFunnel.errors");
  const locale = useLocale();
  const router = useRouter();
  const api = useMemo(() => injected ?? monumentApi(), [injected]);
  const [draft, setDraft] = useState<MonumentDraft>(emptyMonumentDraft);
  const [ready, setReady] = useState(false);
  const [deal, setDeal] = useState<MarbleDealView | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const [codes, setCodes] = useState<string[]>([]);
  const [filters, setFilters] = useState<MarbleFilters | null>(null);
  const [stock, setStock] = useState<SupplierWarehouseProduct[] | null>(null);
  const [sending, setSending] = useState(false);
  const saverRef = useRef<MonumentSaver | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const draftRef = useRef(draft);

  // Take back what this device kept, then open the saver on that deal.
  useEffect(() => {
    const stored = reopenedDraft(loadMonumentDraft());
    const saver = new MonumentSaver({
      api,
      deal: { uuid: stored.uuid, token: stored.token },
      onStatus: (next) => {
        setStatus(next);
        if (next.kind === "refused") setCodes(next.codes);
      },
      onSaved: (view, key) => {
        setDeal(view);
        setCodes([]);
        const current = { ...draftRef.current, uuid: key.uuid, token: key.token };
        draftRef.current = current;
        saveMonumentDraft(current);
        setDraft(current);
      },
    });
    saverRef.current = saver;
    draftRef.current = stored;
    let cancelled = false;
    // Read from this device's storage (an outside system), applied once the first paint is done.
    void Promise.resolve().then(() => {
      if (cancelled) return;
      setDraft(stored);
      setReady(true);
    });
    if (stored.uuid) api.get(stored.uuid, stored.token).then((view) => !cancelled && setDeal(view), () => undefined);
    const online = () => saver.retryNow();
    window.addEventListener("online", online);
    return () => {
      cancelled = true;
      window.removeEventListener("online", online);
      saver.dispose();
    };
  }, [api]);

  const graveyardId = draft.graveyard?.id ?? null;
  useEffect(() => {
    api.filters(graveyardId).then(setFilters, () => undefined);
  }, [api, graveyardId]);

  const modelCode = draft.configuration.model_code;
  const graniteCode = draft.configuration.granite_code;
  useEffect(() => {
    if (!modelCode) return;
    api.warehouses([modelCode, ...(graniteCode ? [graniteCode] : [])]).then(setStock, () => setStock([]));
  }, [api, modelCode, graniteCode]);

  const change = useCallback(
    (update: (draft: MonumentDraft) => MonumentDraft) => {
      const next = update(draftRef.current);
      draftRef.current = next;
      setDraft(next);
      saveMonumentDraft(next);
      saverRef.current?.queue(draftPayload(next, { locale }));
    },
    [locale],
  );

  const step = draft.step;
  const index = MARBLE_FUNNEL_STEPS.indexOf(step);
  const [stepError, setStepError] = useState<string | null>(null);

  const goTo = (target: MarbleFunnelStep) => {
    setStepError(null);
    change((d) => ({ ...d, step: target }));
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = async () => {
    const missing = stepMissing(draftRef.current, step);
    if (missing) return setStepError(missing);
    if (step !== "contact") return goTo(MARBLE_FUNNEL_STEPS[index + 1]!);
    setSending(true);
    try {
      const sent = await saverRef.current!.submit(draftPayload(draftRef.current, { submit: true, locale }));
      const done = { ...draftRef.current, submitted: true };
      saveMonumentDraft(done);
      rememberSentQuote(sent.uuid, done.token);
      router.push(`${paths.tombstoneCatalogueConfirmation()}?${new URLSearchParams({ deal: sent.uuid }).toString()}`);
    } catch (raw) {
      setCodes(toApiError(raw).codes);
    } finally {
      setSending(false);
    }
  };

  const sentence = (code: string) => (tm.has(code) ? tm(code) : te(messageKeyForCode(code)));
  const allCodes = stepError ? [stepError, ...codes] : codes;
  const error = (prefix: string) => {
    const code = allCodes.find((c) => c.startsWith(prefix));
    return code ? sentence(code) : undefined;
  };
  const unplaced = codes.filter((c) => !/^(monument__|client__|deal__commentary|graveyard)/.test(c));

  const searchGraveyards = useCallback(
    async (q: string, signal: AbortSignal): Promise<ComboboxOption[]> => {
      const found = await api.graveyards(q, signal);
      return found.map((item) => ({ id: String(item.id), label: item.name, hint: typeof item.city === "string" ? item.city : undefined }));
    },
    [api],
  );

  const svg = useMemo(
    () => drawConfiguredMonument({ ...draft.configuration, model_code: modelCode }, { idPrefix: "preview", title: t("previewTitle") }),
    [draft.configuration, modelCode, t],
  );
  const stepProps = { draft, change, error };
  const updating = status.kind === "saving" || (status.kind === "retrying" && deal !== null);

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <header className="py-6">
        <h1 className="text-3xl sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 max-w-2xl text-lg text-ink-soft">{t("lead")}</p>
        {/* the catalogue is the demonstration one until the API says otherwise: shown from the first paint, nothing moves */}
        {filters?.demo !== false ? <p className="mt-2 text-warning">{t("demo")}</p> : null}
      </header>
      <nav aria-label={t("stepsLabel")} className="overflow-x-auto">
        <ol className="flex gap-2 pb-2">
          {MARBLE_FUNNEL_STEPS.map((s, i) => (
            <li key={s}>
              <button
                type="button"
                disabled={!ready || i > index}
                aria-current={s === step ? "step" : undefined}
                onClick={() => goTo(s)}
                className={
                  s === step
                    ? "min-h-11 whitespace-nowrap rounded-full bg-primary px-3 text-on-primary"
                    : "min-h-11 whitespace-nowrap rounded-full border border-line px-3 text-ink disabled:text-ink-soft"
                }
              >
                {i + 1}. {t(`steps.${s}`)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="monument-step" className="min-w-0">
          <h2 id="monument-step" ref={headingRef} tabIndex={-1} className="text-2xl">
            {t(`questions.${step}`)}
          </h2>
          <p className="mt-1 text-ink-soft">{t("progress", { current: index + 1, total: MARBLE_FUNNEL_STEPS.length })}</p>
          <div className="mt-4">
            {step === "model" ? (
              <ModelStep
                api={ready ? api : null}
                locale={locale}
                value={modelCode}
                error={error("monument__model")}
                onPick={(code) => {
                  setStepError(null);
                  change((d) => ({ ...d, configuration: { ...d.configuration, model_code: code } }));
                }}
              />
            ) : null}
            {step === "granite" ? <GraniteStep {...stepProps} /> : null}
            {step === "finish" ? <FinishStep {...stepProps} /> : null}
            {step === "engraving" ? <EngravingStep {...stepProps} /> : null}
            {step === "accessories" ? <AccessoriesStep {...stepProps} /> : null}
            {step === "cemetery" ? <CemeteryStep {...stepProps} searchGraveyards={searchGraveyards} concessionTypes={filters?.graveyard?.concession_types ?? []} /> : null}
            {step === "contact" ? <ContactStep {...stepProps} /> : null}
          </div>
          {unplaced.length > 0 ? (
            <ul role="alert" className="mt-4 rounded-lg bg-danger-soft p-3 text-danger">
              {unplaced.map((code) => (
                <li key={code}>{sentence(code)}</li>
              ))}
            </ul>
          ) : null}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {index > 0 ? (
              <Button variant="secondary" onClick={() => goTo(MARBLE_FUNNEL_STEPS[index - 1]!)}>
                {t("back")}
              </Button>
            ) : null}
            <Button onClick={() => void next()} disabled={!ready || sending}>
              {step === "contact" ? t("send") : t("next")}
            </Button>
            {deal?.quote ? (
              // on a phone the price panel is below: the server's last total stays in sight here
              <p className="m-0 ms-auto text-lg font-semibold tabular-nums lg:hidden" data-testid="monument-total-bar" aria-hidden="true">
                {formatMoney(deal.quote.totals.ttc_cents, locale)}
              </p>
            ) : null}
          </div>
          <div className="mt-4">
            <SaveStatusLine status={status} onRetry={() => saverRef.current?.retryNow()} namespace="MonumentFunnel.save" />
          </div>
        </section>
        <aside aria-label={t("summaryLabel")} className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
          {modelCode ? <MonumentPreview svg={svg} label={t("previewTitle")} /> : null}
          <MonumentPrice deal={deal} updating={updating} locale={locale} />
          <MonumentStock rows={stock} modelCode={modelCode} />
        </aside>
      </div>
    </div>
  );
}
