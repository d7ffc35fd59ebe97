"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { toApiError } from "@/api-client/api-error";
import { paths } from "@/config/paths";
import { messageKeyForCode } from "@/domain/errors";
import { drawConfiguredMonument } from "@/domain/marble/monument-view";
import { formatMoney } from "@/domain/quote/money";
import type { MarbleDealView } from "@/domain/schemas/marble-funnel";
import { buttonClasses } from "@/ui/button";
import { monumentApi, monumentPdfPath, type MonumentApi } from "./monument-api";
import { forgetResumeFragment, readResumeFragment } from "@/api-client/resume-fragment";
import { sentQuoteToken } from "./monument-draft";
import { MonumentPreview } from "./monument-summary";

const NEXT_STEPS = ["visit", "authorisation", "settling", "installation"] as const;

/**
 * /catalogue-pierres-tombales/confirmation?deal=<uuid>: the monument quote as the server priced
 * it, line by line with the VAT of each, the drawing, the supplier and lead time, how long the
 * prices hold, what comes next, the PDF and the way to pay a deposit. Opened with the deal's key
 * kept on this device, or with the family's session.
 */
export function MonumentConfirmation({ uuid, api: injected }: { uuid: string | null; api?: MonumentApi }) {
  const t = useTranslations("MonumentFunnel.confirmation");
  const tc = useTranslations("MonumentCatalog");
  const te = useTranslations("Errors");
  const tp = useTranslations("Payments.entry");
  const locale = useLocale();
  const api = useMemo(() => injected ?? monumentApi(), [injected]);
  const [deal, setDeal] = useState<MarbleDealView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    // The quote e-mail opens this page with `#devis=<uuid>&cle=<token>`; the configurator with `?deal=`.
    const link = readResumeFragment(window.location.hash);
    forgetResumeFragment();
    const opened = link?.uuid ?? uuid;
    if (!opened) {
      // Decided from the address, which only exists in the browser.
      queueMicrotask(() => setFailure("not_found"));
      return;
    }
    const key = link?.token ?? sentQuoteToken(opened);
    api.get(opened, key).then(
      (view) => {
        setToken(key);
        setDeal(view);
      },
      (raw) => setFailure(toApiError(raw).codes[0] ?? "unhandled"),
    );
  }, [api, uuid]);

  const svg = useMemo(() => (deal ? drawConfiguredMonument(deal.configuration, { idPrefix: "quote", title: t("drawing") }) : ""), [deal, t]);

  if (failure) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl">{t("missingTitle")}</h1>
        <p className="mt-3 text-ink-soft" role="alert">
          {te(messageKeyForCode(failure))}
        </p>
        <a href={paths.tombstoneCatalogue()} className={buttonClasses({ className: "mt-4" })}>
          {t("restart")}
        </a>
      </div>
    );
  }
  if (!deal) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl">{t("title")}</h1>
        <p role="status" className="mt-3 min-h-[60vh] text-ink-soft">
          {t("loading")}
        </p>
      </div>
    );
  }

  const money = (cents: number) => formatMoney(cents, locale);
  const lineLabel = (code: string, label: string) => {
    for (const group of ["finishes", "accessories"] as const) {
      const key = group === "finishes" ? `${group}.${code}.name` : `${group}.${code}`;
      if (tc.has(key)) return tc(key);
    }
    return label;
  };
  const quote = deal.quote;
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
      <header className="py-6">
        <h1 className="text-3xl sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 text-lg text-ink-soft">{t("lead")}</p>
        {deal.demo ? <p className="mt-2 text-warning">{t("demo")}</p> : null}
      </header>
      <div className="grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <MonumentPreview svg={svg} label={t("drawing")} />
        <section aria-labelledby="quote-lines" className="min-w-0">
          <h2 id="quote-lines" className="text-2xl">
            {t("linesTitle")}
          </h2>
          {quote ? (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full border-collapse text-start" data-testid="monument-lines">
                <thead>
                  <tr className="border-b border-line text-sm text-ink-soft">
                    <th scope="col" className="py-2 text-start font-normal">{t("item")}</th>
                    <th scope="col" className="py-2 text-end font-normal">{t("quantity")}</th>
                    <th scope="col" className="py-2 text-end font-normal">{t("vatRate")}</th>
                    <th scope="col" className="py-2 text-end font-normal">{t("lineTotal")}</th>
                  </tr>
                </thead>
                <tbody>
                  {quote.lines.map((line, i) => (
                    <tr key={`${line.code}-${i}`} className="border-b border-line">
                      <td className="py-2 pe-2">{lineLabel(line.code, line.label)}</td>
                      <td className="py-2 text-end tabular-nums">{line.quantity}</td>
                      <td className="py-2 text-end tabular-nums">{t("percent", { rate: line.vat_rate_bp / 100 })}</td>
                      <td className="py-2 text-end tabular-nums">{money(line.total_ttc_cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                <dt className="text-ink-soft">{t("ht")}</dt>
                <dd className="m-0 text-end tabular-nums">{money(quote.totals.ht_cents)}</dd>
                <dt className="text-ink-soft">{t("vat")}</dt>
                <dd className="m-0 text-end tabular-nums">{money(quote.totals.vat_cents)}</dd>
                <dt className="font-semibold">{t("ttc")}</dt>
                <dd className="m-0 text-end text-xl font-semibold tabular-nums" data-testid="monument-ttc">
                  {money(quote.totals.ttc_cents)}
                </dd>
              </dl>
            </div>
          ) : (
            <p className="mt-3 text-ink-soft">{t("noQuote")}</p>
          )}
          <ul className="mt-4 flex flex-col gap-1 text-ink-soft">
            {deal.supplier ? <li>{t("supplier", { supplier: deal.supplier.supplier_name, city: deal.supplier.city ?? deal.supplier.warehouse_name })}</li> : null}
            {deal.lead_time_days !== null ? <li>{t("leadTime", { days: deal.lead_time_days })}</li> : null}
            {deal.valid_until ? <li>{t("validUntil", { date: new Date(`${deal.valid_until}T12:00:00Z`).toLocaleDateString(locale, { dateStyle: "long", numberingSystem: "latn" }) })}</li> : null}
          </ul>
          <a href={monumentPdfPath(deal.uuid, token)} className={buttonClasses({ className: "mt-4" })} data-testid="monument-pdf" download>
            {t("pdf")}
          </a>
        </section>
      </div>
      <section aria-labelledby="monument-next" className="mt-10">
        <h2 id="monument-next" className="text-2xl">
          {t("nextTitle")}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-2">
          {NEXT_STEPS.map((key, i) => (
            <li key={key} className="rounded-lg border border-line bg-surface p-4">
              <h3 className="font-sans text-lg font-semibold">
                {i + 1}. {t(`next.${key}.title`)}
              </h3>
              <p className="mt-1 text-ink-soft">{t(`next.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
      {quote && deal.submitted_at ? (
        <section aria-labelledby="monument-payment" className="mt-8 rounded-lg border border-line bg-surface p-5">
          <h2 id="monument-payment" className="font-sans text-lg font-semibold">
            {t("depositTitle")}
          </h2>
          <p className="mt-2 text-ink-soft">{tp("text")}</p>
          <a href={paths.dealPayment(deal.uuid)} className={buttonClasses({ variant: "secondary", className: "mt-3" })} data-testid="monument-payment-link">
            {tp("action")}
          </a>
        </section>
      ) : null}
    </div>
  );
}
