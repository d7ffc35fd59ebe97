import { useCallback, useEffect, useRef, useState } from "react";
import { paths } from "@/config/paths";
import type { FunnelStep } from "@/domain/schemas/funeral-quote";
import { funnelSteps, isStepAnswered, nextStep, previousStep, reachableStep, type FunnelDraft } from "./funnel-flow";

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

export function stepFromSlug(slug: string | null): FunnelStep | null {
  if (!slug) return null;
  const found = (Object.entries(STEP_SLUGS) as Array<[FunnelStep, string]>).find(([, s]) => s === slug);
  return found ? found[0] : null;
}

export function stepUrl(step: FunnelStep): string {
  return `${paths.funnelStart()}?etape=${STEP_SLUGS[step]}`;
}

interface NavigationOptions {
  draft: FunnelDraft;
  step: FunnelStep;
  latestDraft: () => FunnelDraft;
  putStep: (step: FunnelStep) => void;
  /** Called on every move, with the answers and the screen reached. */
  onMoved: (draft: FunnelDraft, at: FunnelStep) => void;
}

/**
 * Moving between screens: continue and back, the browser's history (one entry per screen
 * moved forward), and the focus on each new question.
 */
export function useFunnelNavigation({ draft, step, latestDraft, putStep, onMoved }: NavigationOptions) {
  const [showErrors, setShowErrors] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const forwardDepth = useRef(0);
  const focusOnStep = useRef(false);

  const goTo = useCallback(
    (next: FunnelStep, mode: "push" | "replace" | "none") => {
      putStep(next);
      setShowErrors(false);
      focusOnStep.current = true;
      if (mode === "push") {
        forwardDepth.current += 1;
        window.history.pushState(null, "", stepUrl(next));
      } else if (mode === "replace") {
        window.history.replaceState(null, "", stepUrl(next));
      }
      onMoved(latestDraft(), next);
    },
    [putStep, latestDraft, onMoved],
  );

  // The browser's back and forward buttons move between screens.
  useEffect(() => {
    const onPop = () => {
      const wanted = stepFromSlug(new URLSearchParams(window.location.search).get("etape"));
      forwardDepth.current = Math.max(0, forwardDepth.current - 1);
      goTo(reachableStep(latestDraft(), wanted), "none");
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [goTo, latestDraft]);

  // A new screen: read its question first and start at the top.
  useEffect(() => {
    if (!focusOnStep.current) return;
    focusOnStep.current = false;
    headingRef.current?.focus();
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, [step]);

  const steps = funnelSteps(draft);
  const index = Math.max(0, steps.indexOf(step));

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

  /** Back to the first question, with no history of its own to go back through. */
  function restart() {
    forwardDepth.current = 0;
    goTo("situation", "replace");
  }

  return { steps, index, canGoBack: index > 0, showErrors, headingRef, onContinue, onBack, restart };
}
