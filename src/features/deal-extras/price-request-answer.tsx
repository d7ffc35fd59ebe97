"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import type { PublicPriceRequest } from "@/domain/schemas/deal-extras";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Textarea } from "@/ui/textarea";
import { calendarDay, ErrorLine, eurosToCents, money, useErrorText } from "./extras-shared";

type State = { kind: "loading" } | { kind: "missing" } | { kind: "ready"; token: string; request: PublicPriceRequest } | { kind: "failed"; message: string };

/** The answer link is `…/reponse-fournisseur#cle=<token>`: read from the fragment, which never reaches a server log or a Referer. */
function tokenOfHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("cle") ?? "";
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * The supplier's page: what is asked (the job, when, where), and a price with a lead time,
 * or a decline. They may correct their price until the advisor decides.
 */
export function PriceRequestAnswer({ locale }: { locale: string }) {
  const t = useTranslations("DealExtras.answer");
  const errorText = useErrorText();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [price, setPrice] = useState("");
  const [delay, setDelay] = useState("");
  const [comment, setComment] = useState("");
  const [fieldError, setFieldError] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const token = tokenOfHash(window.location.hash);
    if (!token) {
      queueMicrotask(() => setState({ kind: "missing" }));
      return;
    }
    api.get<{ data: PublicPriceRequest }>(`/api/v1/price_requests/${token}`, { notifySessionExpired: false }).then(
      (r) => setState({ kind: "ready", token, request: r.data }),
      (caught: unknown) => setState({ kind: "failed", message: errorText(caught) }),
    );
  }, [errorText]);

  async function answer(token: string, decision: "quote" | "decline") {
    const cents = eurosToCents(price);
    const days = /^\s*\d{1,3}\s*$/.test(delay) ? Number(delay) : null;
    if (decision === "quote" && (cents === null || days === null)) {
      setFieldError(t("fieldsInvalid"));
      return;
    }
    setFieldError("");
    setBusy(true);
    setError("");
    try {
      const body = decision === "quote" ? { decision, price_cents: cents, delay_days: days, comment: comment || null } : { decision, comment: comment || null };
      const answered = await api.put<{ data: PublicPriceRequest }>(`/api/v1/price_requests/${token}`, body, { notifySessionExpired: false });
      setState({ kind: "ready", token, request: answered.data });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === "loading") return <p>{t("loading")}</p>;
  if (state.kind === "missing") return <p>{t("missing")}</p>;
  if (state.kind === "failed") return <ErrorLine id="price-answer-load" message={state.message} />;
  const { request, token } = state;
  const open = request.status === "sent" || request.status === "answered";
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t("supplier")}</dt>
        <dd>{request.supplier_name}</dd>
        <dt className="font-semibold">{t("job")}</dt>
        <dd className="whitespace-pre-line">{request.job}</dd>
        <dt className="font-semibold">{t("when")}</dt>
        <dd>{request.needed_on ? calendarDay(request.needed_on, locale) : t("whenOpen")}</dd>
        <dt className="font-semibold">{t("where")}</dt>
        <dd>{request.place ?? t("whereOpen")}</dd>
      </dl>
      <p role="status" className="font-semibold" data-testid="price-answer-status">
        {request.status === "answered" && request.price_cents !== null && request.delay_days !== null
          ? t("answered", { price: money(request.price_cents, locale), days: request.delay_days })
          : t(`status.${request.status}`)}
      </p>
      {open && (
        <form onSubmit={(event) => (event.preventDefault(), void answer(token, "quote"))} className="space-y-3">
          <Input label={t("price")} hint={t("priceHint")} value={price} onChange={(e) => setPrice(e.target.value)} inputMode="decimal" required />
          <Input label={t("delay")} hint={t("delayHint")} value={delay} onChange={(e) => setDelay(e.target.value)} inputMode="numeric" required />
          <Textarea label={t("comment")} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={1000} rows={3} />
          <ErrorLine id="price-answer-error" message={fieldError || error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {t("send")}
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void answer(token, "decline")}>
              {t("decline")}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
