import { useCallback, useEffect, useRef, useState } from "react";
import type { FunnelStep } from "@/domain/schemas/funeral-quote";
import { emptyDraft, normalizeDraft, reachableStep, type FunnelDraft } from "./funnel-flow";
import { clearStoredFunnel, saveStoredFunnel } from "./funnel-storage";

interface DraftOptions {
  /** The deal the draft belongs to, kept on this device beside it. */
  uuid: string | null;
  token: string | null;
  /** Called after every change of the answers, with the screen they were given on. */
  onChanged: (next: FunnelDraft, at: FunnelStep) => void;
}

/**
 * The family's answers and the screen shown, kept on this device at every change so that
 * nothing typed is lost. The refs give callbacks the latest values between renders.
 */
export function useFunnelDraft({ uuid, token, onChanged }: DraftOptions) {
  const [ready, setReady] = useState(false);
  const [draft, setDraft] = useState<FunnelDraft>(emptyDraft);
  const [step, setStep] = useState<FunnelStep>("situation");
  const draftRef = useRef(draft);
  const stepRef = useRef(step);

  const putDraft = useCallback((next: FunnelDraft) => {
    draftRef.current = next;
    setDraft(next);
  }, []);

  const putStep = useCallback((next: FunnelStep) => {
    stepRef.current = next;
    setStep(next);
  }, []);

  /** The opening's draft, on the furthest screen it allows up to the wanted one; returns that screen. */
  const open = useCallback(
    (next: FunnelDraft, at: FunnelStep | null): FunnelStep => {
      const normalized = normalizeDraft(next);
      const shown = reachableStep(normalized, at);
      putDraft(normalized);
      putStep(shown);
      return shown;
    },
    [putDraft, putStep],
  );

  const markReady = useCallback(() => setReady(true), []);

  const change = useCallback(
    (update: (current: FunnelDraft) => FunnelDraft) => {
      const next = normalizeDraft(update(draftRef.current));
      putDraft(next);
      onChanged(next, stepRef.current);
    },
    [putDraft, onChanged],
  );

  /** Starting again: nothing of the previous answers stays, here or on this device. */
  const forgetDraft = useCallback(() => {
    clearStoredFunnel();
    putDraft(emptyDraft());
  }, [putDraft]);

  const latestDraft = useCallback(() => draftRef.current, []);

  // Kept on this device at every change.
  useEffect(() => {
    if (!ready) return;
    saveStoredFunnel({ uuid, token, step, draft, submitted: false });
  }, [ready, uuid, token, step, draft]);

  return { draft, step, open, markReady, change, forgetDraft, putStep, latestDraft };
}
