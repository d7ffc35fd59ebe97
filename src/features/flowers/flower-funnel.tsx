"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { nanoid } from "nanoid";
import { toApiError } from "@/api-client/api-error";
import { forgetResumeFragment, TOKEN, UUID } from "@/api-client/resume-fragment";
import { hasStoredTokens } from "@/api-client/auth-storage";
import { paths } from "@/config/paths";
import { flowerConfirmationFragment } from "@/domain/flowers/catalogue";
import { readCeremonyPrefill, type CeremonyPrefill } from "@/domain/flowers/ceremony-prefill";
import { formatMoney } from "@/domain/quote/money";
import type { FlowerCeremony, FlowerProduct, FlowerProductsResponse } from "@/domain/schemas/flower-funnel";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { FlowerCatalogue } from "./flower-catalogue";
import { flowerApi } from "./flower-api";
import {
  addToCart,
  cartTotalCents,
  clearFlowerDraft,
  emptyFlowerDraft,
  FLOWER_STEPS,
  loadFlowerDraft,
  orderBody,
  rememberOrder,
  saveFlowerDraft,
  stepCodes,
  stepOfCode,
  type FlowerDraft,
  type FlowerStep,
} from "./flower-draft";
import { useFlowerErrors } from "./flower-errors";
import { StepContact, StepDelivery, StepMessage, StepReview } from "./flower-steps";

/** Calm retries of an order that never reached the server (no connection): 2 s, 5 s, 10 s. */
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000];

export type SendState = { kind: "idle" } | { kind: "sending" } | { kind: "retrying"; attempt: number } | { kind: "offline" } | { kind: "failed"; codes: string[] };

/** Reads the funeral deal named by the quote's link (`?deal=<uuid>#cle=<token>`), then forgets the key. */
function arrivalDeal(): { deal: string | null; token: string | null } {
  if (typeof window === "undefined") return { deal: null, token: null };
  const deal = new URLSearchParams(window.location.search).get("deal")?.toLowerCase() ?? null;
  const token = new URLSearchParams(window.location.hash.replace(/^#/, "")).get("cle");
  forgetResumeFragment();
  const valid = deal && UUID.test(deal) ? deal : null;
  return { deal: valid, token: valid && token && TOKEN.test(token) ? token : null };
}

/** A ceremony's address, date and time from a memorial page's link, over this device's draft. */
function withPrefill(draft: FlowerDraft, prefill: CeremonyPrefill): FlowerDraft {
  const { place, ...texts } = prefill;
  return { ...draft, deliveryMode: "address", ceremony: null, delivery: { ...draft.delivery, ...texts, place: place ?? draft.delivery.place } };
}

/**
 * The flowers funnel on one page: choose, delivery, message, contact, review and order.
 * Rendered on the server with the catalogue's first page; the draft saved on this device
 * is restored after hydration.
 */
export function FlowerFunnel({ initial, intro }: { initial: FlowerProductsResponse; intro: ReactNode }) {
  const t = useTranslations("FlowerFunnel");
  const locale = useLocale();
  const router = useRouter();
  const [draft, setDraft] = useState<FlowerDraft>(emptyFlowerDraft);
  const [ceremonies, setCeremonies] = useState<FlowerCeremony[]>([]);
  const [dealToken, setDealToken] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [send, setSend] = useState<SendState>({ kind: "idle" });
  const [saved, setSaved] = useState<boolean | null>(null);
  // A signed-in family orders under its account; if the session ended meanwhile the API
  // answers client__missing and the contact step comes back.
  const [askContact, setAskContact] = useState(true);
  const restored = useRef(false);
  // One key per order on this page: a retry whose answer was lost gets the order already made, not a second one.
  const orderKey = useRef<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  // Opening, once on arrival: this device's draft, then the ceremonies the family may deliver to.
  const open = useCallback(
    (stored: FlowerDraft | null, arrival: { deal: string | null; token: string | null }, prefilled = false) => {
      restored.current = true;
      if (stored) setDraft(stored);
      setDealToken(arrival.token);
      // Signed in as the API sees it (its tokens on this device): the order goes under that
      // account and the family's own ceremonies are offered. The page itself stays static.
      const signedIn = hasStoredTokens();
      setAskContact(!signedIn);
      if (!signedIn && !arrival.token) return;
      flowerApi()
        .ceremonies(arrival.deal, arrival.token)
        .then(({ ceremonies: found }) => {
          setCeremonies(found);
          const first = found.find((c) => c.problems.length === 0) ?? found[0];
          // An address the link pre-filled (a memorial's ceremony) is not replaced by the family's own.
          if (first && !prefilled)
            setDraft((d) =>
              d.ceremony && found.some((c) => c.deal_uuid === d.ceremony?.deal && c.step_id === d.ceremony.step_id)
                ? d
                : { ...d, deliveryMode: "ceremony", ceremony: { deal: first.deal_uuid, step_id: first.step_id } },
            );
        })
        .catch(() => setCeremonies([]));
    },
    [],
  );
  useEffect(() => {
    // After the first paint: the server-rendered page stays as it is until then.
    const id = window.setTimeout(() => {
      const prefill = readCeremonyPrefill(window.location.search);
      open(prefill ? withPrefill(loadFlowerDraft() ?? emptyFlowerDraft(), prefill) : loadFlowerDraft(), arrivalDeal(), prefill !== null);
    }, 0);
    return () => window.clearTimeout(id);
  }, [open]);

  useEffect(() => {
    if (!restored.current) return;
    const ok = saveFlowerDraft(draft);
    const id = window.setTimeout(() => setSaved(ok), 0);
    return () => window.clearTimeout(id);
  }, [draft]);

  const update = (change: (d: FlowerDraft) => FlowerDraft) => {
    setDraft(change);
    setCodes([]);
  };
  const steps: readonly FlowerStep[] = askContact ? FLOWER_STEPS : FLOWER_STEPS.filter((s) => s !== "contact");
  const index = Math.max(steps.indexOf(draft.step), 0);
  const next = () => {
    const found = stepCodes(draft, draft.step);
    setCodes(found);
    if (found.length === 0) goTo(steps[index + 1] ?? "review");
    else requestAnimationFrame(() => document.querySelector<HTMLElement>("[data-testid=flower-step] [aria-invalid=true], [data-testid=flower-step] [role=alert]")?.focus());
  };
  const goTo = (step: FlowerStep) => {
    setDraft((d) => ({ ...d, step }));
    requestAnimationFrame(() => stepHeading.current?.focus());
  };
  const toggle = (product: FlowerProduct) =>
    update((d) => ({ ...d, cart: d.cart.some((l) => l.code === product.code) ? d.cart.filter((l) => l.code !== product.code) : addToCart(d.cart, product) }));


  async function order(attempt = 0): Promise<void> {
    setSend(attempt === 0 ? { kind: "sending" } : { kind: "retrying", attempt });
    try {
      orderKey.current ??= nanoid(32);
      const created = await flowerApi().order({ ...orderBody(draft, locale, !askContact), order_key: orderKey.current }, draft.deliveryMode === "ceremony" ? dealToken : null);
      rememberOrder(created.uuid, created.resume_token);
      clearFlowerDraft();
      restored.current = false;
      router.push(`${paths.flowersConfirmation()}#${flowerConfirmationFragment(created.uuid, created.resume_token)}`);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 0 && attempt < RETRY_DELAYS_MS.length) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
        return order(attempt + 1);
      }
      if (apiError.status === 0) return setSend({ kind: "offline" });
      setCodes(apiError.codes);
      setSend({ kind: "failed", codes: apiError.codes });
      if (apiError.codes.includes("flower_order__client__missing")) {
        setAskContact(true);
        return goTo("contact");
      }
      const step = stepOfCode(apiError.codes[0] ?? "");
      if (steps.includes(step) && step !== "review") goTo(step);
    }
  }

  const stepProps = { draft, update, codes };
  return (
    <div>
      {intro}
      {draft.step === "choose" && <FlowerCatalogue initial={initial} cart={draft.cart} onToggle={toggle} />}
      <section aria-labelledby="flowers-step-title" className="mt-8 rounded-lg border border-line bg-surface p-4 shadow-card sm:p-6" data-testid="flower-step" data-step={draft.step}>
        <p className="text-sm text-ink-soft">{t("progress", { step: index + 1, total: steps.length })}</p>
        <h2 id="flowers-step-title" ref={stepHeading} tabIndex={-1} className="mt-1 font-serif text-2xl text-ink">
          {t(`steps.${draft.step}`)}
        </h2>
        {draft.step === "choose" && (
          <div className="mt-3">
            {draft.cart.length === 0 ? (
              <p className="text-ink-soft">{t("cart.empty")}</p>
            ) : (
              <p>
                {t("cart.summary", { count: draft.cart.length })} · <strong>{formatMoney(cartTotalCents(draft.cart), locale)}</strong>
              </p>
            )}
          </div>
        )}
        {draft.step === "delivery" && <StepDelivery {...stepProps} ceremonies={ceremonies} />}
        {draft.step === "message" && <StepMessage {...stepProps} />}
        {draft.step === "contact" && <StepContact {...stepProps} />}
        {draft.step === "review" && <StepReview {...stepProps} ceremonies={ceremonies} signedIn={!askContact} />}
        {(draft.step === "choose" || draft.step === "review") && codes.length > 0 && <StepAlert codes={codes} />}
        {send.kind === "offline" && (
          <Alert tone="warning" className="mt-4">
            {t("send.offline")}
          </Alert>
        )}
        <p className="mt-4 text-sm text-ink-soft" role="status" aria-live="polite" data-testid="flower-save-status">
          {send.kind === "sending" ? t("send.sending") : send.kind === "retrying" ? t("send.retrying") : saved === false ? t("saved.unavailable") : saved ? t("saved.local") : ""}
        </p>
        <div className="mt-4 flex flex-wrap justify-between gap-3">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => goTo(steps[index - 1] ?? "choose")}>
              {t("back")}
            </Button>
          ) : (
            <span />
          )}
          {draft.step === "review" ? (
            <Button onClick={() => void order()} disabled={send.kind === "sending" || send.kind === "retrying"} data-testid="flower-order">
              {t("send.action")}
            </Button>
          ) : (
            <Button onClick={next} data-testid="flower-next">
              {t("next")}
            </Button>
          )}
        </div>
      </section>
    </div>
  );
}

function StepAlert({ codes }: { codes: string[] }) {
  const errors = useFlowerErrors(codes);
  return (
    <Alert tone="error" className="mt-4" tabIndex={-1}>
      {[...new Set(codes.map((code) => errors.text(code)))].map((text) => (
        <p key={text}>{text}</p>
      ))}
    </Alert>
  );
}
