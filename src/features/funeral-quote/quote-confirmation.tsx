"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { resolveUrl, defaultHosts } from "@/api-client/base-url";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { loginPath, paths } from "@/config/paths";
import type { FunnelDealView } from "@/domain/schemas/funeral-quote";
import { Alert } from "@/ui/alert";
import { buttonClasses } from "@/ui/button";
import { Spinner } from "@/ui/spinner";
import { dealPdfPath, forgetResumeFragment, funnelApi, readResumeFragment } from "./funnel-api";
import { loadStoredFunnel } from "./funnel-storage";
import { QuoteDeadlines, QuoteDocument } from "./quote-document";
import { useQuoteText } from "./quote-text";
import { useArrivalSearch } from "./arrival-search";

/**
 * After the quote is sent: what the family chose, the quote to download, what happens
 * next and who to call, and how to follow the case in their personal space.
 */

// Which deal to show is only known in the browser (address and storage), so the server
// renders "loading". Every state short of the quote takes at least the screen's height:
// the footer stays below the fold and nothing visible moves when the answer arrives.
const UNTIL_KNOWN = "min-h-svh";

type State =
  | { kind: "loading" }
  | { kind: "missing" }
  | { kind: "failed"; codes: string[] }
  | { kind: "ready"; deal: FunnelDealView; token: string | null; email: string | null };

/** Another funnel's invitation for this deal (composed in app/: features do not import each other). */
export interface DealInvitation {
  title: string;
  text: string;
  action: string;
  /** The page that receives `?deal=<uuid>` and, in the fragment, `#cle=<resume token>`. */
  path: string;
}

export function QuoteConfirmation({ invitation }: { invitation?: DealInvitation } = {}) {
  const t = useTranslations("Quote.confirmation");
  const tp = useTranslations("Payments.entry");
  const tf = useTranslations("Quote.funnel");
  const text = useQuoteText();
  const search = useArrivalSearch();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // From the e-mail's link (#devis=…&cle=…, removed from the address at once) or from this device.
    const link = readResumeFragment(window.location.hash);
    forgetResumeFragment();
    const stored = loadStoredFunnel();
    const uuid = link?.uuid ?? stored?.uuid ?? null;
    const token = link?.token ?? (stored?.uuid === uuid ? stored?.token : null) ?? null;
    if (!uuid || !/^[0-9a-f-]{36}$/i.test(uuid)) {
      // Decided from the address and this device's storage, which only exist in the browser.
      queueMicrotask(() => setState({ kind: "missing" }));
      return;
    }
    // Through the link the server does not say who the family is: the address typed on this device is shown instead.
    const email = stored?.uuid === uuid ? stored.draft.contact.email || null : null;
    let cancelled = false;
    funnelApi(undefined, () => token)
      .get(uuid.toLowerCase())
      .then((deal) => {
        if (!cancelled) setState({ kind: "ready", deal, token, email: deal.client?.email ?? email });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const apiError = toApiError(error);
        setState(apiError.status === 404 ? { kind: "missing" } : { kind: "failed", codes: apiError.codes });
      });
    return () => {
      cancelled = true;
    };
  }, [search, attempt]);

  if (state.kind === "loading") {
    return (
      <div className={`flex items-center justify-center ${UNTIL_KNOWN}`}>
        <Spinner label={t("loading")} />
      </div>
    );
  }
  if (state.kind === "missing") {
    return (
      <div className={`mx-auto max-w-3xl px-4 py-10 sm:px-6 ${UNTIL_KNOWN}`}>
        <h1 className="text-3xl sm:text-4xl">{t("missingTitle")}</h1>
        <p className="mt-4 text-lg text-ink-soft">{t("missingText")}</p>
        <a href={paths.funnelStart()} className={buttonClasses({ size: "lg", className: "mt-6" })}>
          {t("startQuote")}
        </a>
      </div>
    );
  }
  if (state.kind === "failed") {
    return (
      <div className={`mx-auto max-w-3xl px-4 py-10 sm:px-6 ${UNTIL_KNOWN}`}>
        <Alert tone="warning" title={t("failedTitle")}>
          <p>{t("failedText")}</p>
          <button type="button" className="mt-2 font-semibold text-primary underline" onClick={() => {
            setState({ kind: "loading" });
            setAttempt((n) => n + 1);
          }}>
            {t("retry")}
          </button>
        </Alert>
      </div>
    );
  }

  const { deal, token } = state;
  const quote = deal.quote;
  const answers = deal.answers;
  const channel = deal.client?.contact_channel ?? "email";
  const pdfUrl = resolveUrl(dealPdfPath(deal.uuid, token), defaultHosts());
  const choice = answers.repatriation ? "repatriation" : answers.disposition;
  const summary: Array<[string, string]> = [];
  if (deal.commune) summary.push([t("summary.commune"), deal.commune.name]);
  if (choice) summary.push([t("summary.disposition"), tf(`disposition.${choice}`)]);
  if (answers.ceremony) {
    summary.push([
      t("summary.ceremony"),
      answers.ceremony.type === "none" ? tf("ceremony.none") : `${tf(`ceremony.${answers.ceremony.type}`)}${answers.ceremony.place ? ` – ${tf(`ceremony.places.${answers.ceremony.place}`)}` : ""}`,
    ]);
  }
  if (answers.coffinRange) summary.push([t("summary.coffin"), tf(`coffin.ranges.${answers.coffinRange}`)]);
  if (state.email) summary.push([t("summary.email"), state.email]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl sm:text-5xl">{t("title")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-soft">{t("lead")}</p>

      <section aria-labelledby="confirmation-quote" className="mt-8 rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
        <h2 id="confirmation-quote" className="font-sans text-xl font-semibold">
          {t("quoteTitle")}
        </h2>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-ink-soft">{t("total")}</p>
            <p className="text-4xl font-semibold tabular-nums" data-testid="confirmation-total">
              {text.money(quote.totals.totalTtc)}
            </p>
            <p className="text-ink-soft">{t("minimum", { amount: text.money(quote.totals.minimumTtc) })}</p>
          </div>
          <a href={pdfUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ size: "lg" })} data-testid="quote-pdf-link">
            {t("downloadPdf")}
          </a>
        </div>
        {summary.length > 0 ? (
          <dl className="mt-5 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            {summary.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-ink">{label}</dt>
                <dd className="text-ink-soft">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="mt-4">
          <a href={paths.funnelStart()} className="font-semibold text-primary underline underline-offset-2">
            {t("edit")}
          </a>
        </p>
      </section>

      {quote.deadlines ? (
        <section aria-labelledby="confirmation-deadlines" className="mt-8">
          <h2 id="confirmation-deadlines" className="font-sans text-xl font-semibold">
            {t("deadlinesTitle")}
          </h2>
          <QuoteDeadlines quote={quote} text={text} />
        </section>
      ) : null}

      <section aria-labelledby="confirmation-next" className="mt-8">
        <h2 id="confirmation-next" className="font-sans text-xl font-semibold">
          {t("nextTitle")}
        </h2>
        <ol className="mt-3 flex flex-col gap-3">
          {[t("next.email", { email: deal.client?.email ?? "" }), t(`next.contact.${channel}`), t("next.noPayment"), t("next.documents")].map((item, index) => (
            <li key={index} className="flex gap-3">
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary">
                {index + 1}
              </span>
              <span className="pt-1">{item}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="confirmation-payment" className="mt-8 rounded-lg border border-line bg-surface p-5">
        <h2 id="confirmation-payment" className="font-sans text-lg font-semibold">
          {tp("title")}
        </h2>
        <p className="mt-2 text-ink-soft">{tp("text")}</p>
        <a href={paths.dealPayment(deal.uuid)} className={buttonClasses({ variant: "secondary", className: "mt-3" })} data-testid="quote-payment-link">
          {tp("action")}
        </a>
      </section>

      {invitation && (
        <section aria-labelledby="confirmation-invitation" className="mt-8 rounded-lg border border-line bg-surface p-5">
          <h2 id="confirmation-invitation" className="font-sans text-lg font-semibold">
            {invitation.title}
          </h2>
          <p className="mt-2 text-ink-soft">{invitation.text}</p>
          <a
            href={`${invitation.path}?${new URLSearchParams({ deal: deal.uuid }).toString()}${token ? `#${new URLSearchParams({ cle: token }).toString()}` : ""}`}
            className={buttonClasses({ variant: "secondary", className: "mt-3" })}
            data-testid="quote-invitation-link"
          >
            {invitation.action}
          </a>
        </section>
      )}

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="confirmation-advisor" className="rounded-lg border border-line bg-surface p-5">
          <h2 id="confirmation-advisor" className="font-sans text-lg font-semibold">
            {t("advisorTitle")}
          </h2>
          <p className="mt-2 text-ink-soft">{t("advisorText")}</p>
          <a href={`tel:${ADVISOR_PHONE_E164}`} className={buttonClasses({ variant: "secondary", className: "mt-3" })} dir="ltr">
            {ADVISOR_PHONE}
          </a>
        </section>
        <section aria-labelledby="confirmation-account" className="rounded-lg border border-line bg-surface p-5">
          <h2 id="confirmation-account" className="font-sans text-lg font-semibold">
            {t("accountTitle")}
          </h2>
          <p className="mt-2 text-ink-soft">{t("accountText")}</p>
          <a href={loginPath({ returnTo: paths.account() })} className={buttonClasses({ variant: "secondary", className: "mt-3" })}>
            {t("accountAction")}
          </a>
        </section>
      </div>

      <details className="mt-8 rounded-lg border border-line bg-surface p-5">
        <summary className="cursor-pointer font-sans text-lg font-semibold text-primary">{t("detailTitle")}</summary>
        <div className="mt-4">
          <QuoteDocument quote={quote} abroad={answers.placeOfDeath === "abroad"} headingLevel={3} />
        </div>
      </details>
    </div>
  );
}
