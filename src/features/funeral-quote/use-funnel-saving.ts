import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale } from "next-intl";
import { toApiError } from "@/api-client/api-error";
import { paths } from "@/config/paths";
import type { MarketingAttributes } from "@/domain/attribution";
import type { Locale } from "@/domain/locales";
import type { Quote } from "@/domain/quote/pricing";
import type { FunnelClientInput, FunnelDealView, FunnelStep } from "@/domain/schemas/funeral-quote";
import type { TrackingInput } from "@/domain/schemas/tracking";
import { consumeAttribution } from "@/store/attribution-slice";
import { useAppDispatch } from "@/store/hooks";
import { funnelApi } from "./funnel-api";
import { answersKey, type FunnelDraft } from "./funnel-flow";
import { FunnelSaver, type SavePayload, type SaveStatus } from "./funnel-saver";
import { saveStoredFunnel } from "./funnel-storage";

/** How the funnel was resumed, for the banner above the question. */
export type Resume = { kind: "local" } | { kind: "email" } | { kind: "link-invalid" } | null;

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

/**
 * The deal on the server: its uuid and resume token, the saver that sends every answer,
 * the server's last quote, and the final submission of the contact details.
 */
export function useFunnelSaving() {
  const locale = useLocale() as Locale;
  const router = useRouter();
  const dispatch = useAppDispatch();

  const [uuid, setUuid] = useState<string | null>(null);
  // The deal's resume token: its key without a session, sent in a header, kept on this device with the uuid.
  const [token, setToken] = useState<string | null>(null);
  const tokenRef = useRef<string | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const [server, setServer] = useState<{ quote: Quote; key: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [serverCodes, setServerCodes] = useState<string[]>([]);
  const [resume, setResume] = useState<Resume>(null);

  const saverRef = useRef<FunnelSaver | null>(null);
  const trackingRef = useRef<{ taken: boolean; value: TrackingInput | undefined }>({ taken: false, value: undefined });

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

  useEffect(() => () => saverRef.current?.dispose(), []);

  // Back on line: try again at once rather than waiting for the next attempt.
  useEffect(() => {
    const online = () => saverRef.current?.retryNow();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  /** Continues with a deal (or none yet), as the opening found it. */
  const openDeal = useCallback(
    (dealUuid: string | null, dealToken: string | null, how: Resume, deal?: FunnelDealView) => {
      setUuid(dealUuid);
      tokenRef.current = dealUuid ? dealToken : null;
      setToken(dealUuid ? dealToken : null);
      setResume(how);
      makeSaver(dealUuid);
      if (deal) setServer({ quote: deal.quote, key: answersKey(deal.answers) });
    },
    [makeSaver],
  );

  /** Starting again: the next answer creates a new deal, with the attribution taken afresh. */
  const forgetDeal = useCallback(() => {
    setUuid(null);
    tokenRef.current = null;
    setToken(null);
    setServer(null);
    setResume(null);
    setStatus({ kind: "idle" });
    trackingRef.current = { taken: false, value: undefined };
    makeSaver(null);
  }, [makeSaver]);

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

  /** An answer changed or the family moved on: the last refusal no longer applies, the answers go to the server. */
  const saveAnswers = useCallback(
    (next: FunnelDraft, at: FunnelStep) => {
      setServerCodes([]);
      // The deal is created with the first answer, not on arrival.
      if (next.answers.situation === undefined) return;
      saverRef.current?.queue(payloadFor(next, at));
    },
    [payloadFor],
  );

  const submitContact = useCallback(
    async (latestDraft: () => FunnelDraft, client: FunnelClientInput) => {
      const saver = saverRef.current;
      if (!saver) return;
      setSubmitting(true);
      setServerCodes([]);
      try {
        const deal = await saver.submit({ ...payloadFor(latestDraft(), "contact"), client, submit: true });
        saveStoredFunnel({ uuid: deal.uuid, token: tokenRef.current, step: "contact", draft: latestDraft(), submitted: true });
        // The confirmation page reads the deal and its key from this device, never from the address.
        router.push(paths.funeralQuoteConfirmation());
      } catch (error) {
        setServerCodes(toApiError(error).codes);
        setSubmitting(false);
      }
    },
    [payloadFor, router],
  );

  const retry = useCallback(() => saverRef.current?.retryNow(), []);

  return { uuid, token, status, server, submitting, serverCodes, resume, openDeal, forgetDeal, saveAnswers, submitContact, retry };
}
