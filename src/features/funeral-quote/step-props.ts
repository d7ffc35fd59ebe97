import type { QuoteAnswers } from "@/domain/quote/answers";
import type { Quote } from "@/domain/quote/pricing";
import type { FunnelDraft } from "./funnel-flow";
import type { PricingData } from "./funnel-api";

/** What every screen of the funnel receives. */
export interface StepProps {
  draft: FunnelDraft;
  onChange: (change: (draft: FunnelDraft) => FunnelDraft) => void;
  /** Catalogue and partners of the chosen commune, once loaded. */
  pricing: PricingData | null;
  /** The quote as it stands (server's when in step, else computed here). */
  quote: Quote | null;
  /** The family tried to go on without answering: show what is missing. */
  showErrors: boolean;
  /** Accessible name of the screen's main group (the question). */
  question: string;
}

export function withAnswers(patch: Partial<QuoteAnswers>): (draft: FunnelDraft) => FunnelDraft {
  return (draft) => {
    const answers: QuoteAnswers = { ...draft.answers, ...patch };
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete answers[key as keyof QuoteAnswers];
    return { ...draft, answers };
  };
}
