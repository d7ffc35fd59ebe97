"use client";

import { forgetResumeFragment, readResumeFragment } from "@/api-client/resume-fragment";
import { useCallback, useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { paths } from "@/config/paths";
import { FLOWER_CONFIRMATION_KEYS } from "@/domain/flowers/catalogue";
import { formatMoney } from "@/domain/quote/money";
import type { FlowerOrderView } from "@/domain/schemas/flower-funnel";
import { Alert } from "@/ui/alert";
import { buttonClasses } from "@/ui/button";
import { Spinner } from "@/ui/spinner";
import { flowerApi } from "./flower-api";
import { rememberedOrder, rememberOrder } from "./flower-draft";
import { useFlowerErrors } from "./flower-errors";
import { FlowerLine } from "./flower-line";
import { formatDay } from "./flower-steps";

type State = { kind: "loading" } | { kind: "missing" } | { kind: "failed"; codes: string[] } | { kind: "ready"; order: FlowerOrderView };

/** Reads `#commande=<uuid>&cle=<token>` (the funnel's redirect, the order e-mail), then removes it from the address. */
function arrivalKey(): { uuid: string; token: string } | null {
  const key = readResumeFragment(window.location.hash, FLOWER_CONFIRMATION_KEYS.order);
  forgetResumeFragment();
  return key;
}

/** After the order: what was ordered, where and when, the amounts and how to pay. */
export function FlowerConfirmation() {
  const t = useTranslations("FlowerFunnel.confirmation");
  const tf = useTranslations("FlowerFunnel");
  const locale = useLocale();
  const [state, setState] = useState<State>({ kind: "loading" });
  const errors = useFlowerErrors(state.kind === "failed" ? state.codes : []);

  const open = useCallback((key: { uuid: string; token: string } | null) => {
    if (!key) return setState({ kind: "missing" });
    rememberOrder(key.uuid, key.token);
    flowerApi()
      .get(key.uuid, key.token)
      .then((order) => setState({ kind: "ready", order }))
      .catch((error: unknown) => {
        const apiError = toApiError(error);
        setState(apiError.status === 404 ? { kind: "missing" } : { kind: "failed", codes: apiError.codes });
      });
  }, []);
  // Once, on arrival: the key in the address (then removed from it), else this device's last order.
  useEffect(() => {
    const id = window.setTimeout(() => open(arrivalKey() ?? rememberedOrder()), 0);
    return () => window.clearTimeout(id);
  }, [open]);

  if (state.kind === "loading")
    return (
      <div className="min-h-svh py-10" role="status">
        <Spinner label={t("loading")} />
      </div>
    );
  if (state.kind === "missing" || state.kind === "failed")
    return (
      <div className="min-h-svh py-10">
        <h1 className="font-serif text-3xl text-ink">{t("missingTitle")}</h1>
        <Alert tone={state.kind === "failed" ? "error" : "info"} className="mt-4">
          {state.kind === "failed" ? errors.text(state.codes[0] ?? "unhandled") : t("missingText")}
        </Alert>
        <a href={paths.flowers()} className={buttonClasses({ variant: "secondary", className: "mt-4" })}>
          {t("backToCatalogue")}
        </a>
      </div>
    );

  const { order } = state;
  const d = order.delivery;
  return (
    <div className="py-8" data-testid="flower-confirmation">
      <h1 className="font-serif text-3xl text-ink">{t("title")}</h1>
      <p className="mt-3 text-lg text-ink-soft">{t("lead")}</p>
      {order.demo && (
        <Alert tone="info" className="mt-4" announce={false}>
          {tf("catalogue.demo")}
        </Alert>
      )}
      <section aria-labelledby="flower-order-lines" className="mt-6 rounded-lg border border-line bg-surface p-4 shadow-card sm:p-6">
        <h2 id="flower-order-lines" className="font-serif text-xl">
          {t("lines")}
        </h2>
        <ul className="mt-3 grid gap-3">
          {order.lines.map((line) => (
            <FlowerLine key={line.code} code={line.code} picture={line.picture} name={line.name} detail={t("quantity", { quantity: line.quantity, price: formatMoney(line.total_ttc_cents / line.quantity, locale) })}>
              <p className="font-semibold">{formatMoney(line.total_ttc_cents, locale)}</p>
            </FlowerLine>
          ))}
        </ul>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-3" data-testid="flower-totals">
          <dt>{t("ht")}</dt>
          <dd className="text-end">{formatMoney(order.totals.ht_cents, locale)}</dd>
          {order.totals.by_rate.map((rate) => (
            <div key={rate.vat_rate_bp} className="contents">
              <dt>{t("vat", { rate: rate.vat_rate_bp / 100 })}</dt>
              <dd className="text-end">{formatMoney(rate.vat_cents, locale)}</dd>
            </div>
          ))}
          <dt className="font-semibold">{t("ttc")}</dt>
          <dd className="text-end font-semibold" data-testid="flower-total">
            {formatMoney(order.totals.ttc_cents, locale)}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="flower-order-delivery" className="mt-6 rounded-lg border border-line bg-surface p-4 shadow-card sm:p-6">
        <h2 id="flower-order-delivery" className="font-serif text-xl">
          {t("delivery")}
        </h2>
        <p className="mt-2 font-semibold">
          {d.place ? tf(`places.${d.place}`) : ""}
          {d.place_name ? ` · ${d.place_name}` : ""}
        </p>
        <p>{[d.recipient_name, d.address, [d.postal_code, d.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</p>
        <p data-testid="flower-delivery-when">{t("when", { date: formatDay(d.date, locale), time: d.time })}</p>
        {d.ceremony && <p className="text-sm text-ink-soft">{t("ceremony", { time: d.ceremony.time })}</p>}
        {order.message && (
          <>
            <h3 className="mt-4 font-semibold">{tf(`message.${order.message.kind}`)}</h3>
            <p className="mt-1 rounded-md bg-sand-50 p-3 font-serif italic whitespace-pre-line [overflow-wrap:anywhere]">{order.message.text}</p>
          </>
        )}
      </section>
      <section aria-labelledby="flower-order-pay" className="mt-6 rounded-lg border border-line bg-surface p-4 shadow-card sm:p-6">
        <h2 id="flower-order-pay" className="font-serif text-xl">
          {t("payTitle")}
        </h2>
        {order.payment.paid ? (
          <p className="mt-2">{t("paid")}</p>
        ) : (
          <>
            <p className="mt-2">{t("payText", { amount: formatMoney(order.payment.amount_cents, locale) })}</p>
            <a href={paths.dealPayment(order.payment.deal_id)} className={buttonClasses({ className: "mt-3" })} data-testid="flower-pay">
              {t("payAction")}
            </a>
          </>
        )}
        <h3 className="mt-5 font-semibold">{t("nextTitle")}</h3>
        <ol className="mt-2 list-decimal ps-5">
          <li>{t("next1")}</li>
          <li>{t("next2")}</li>
          <li>{t("next3")}</li>
        </ol>
      </section>
    </div>
  );
}
