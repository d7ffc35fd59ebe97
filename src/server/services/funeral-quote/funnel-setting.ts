import { DEFAULT_LOCALE, localeOrDefault, type Locale } from "@/domain/locales";
import { quoteAnswersSchema, type QuoteAnswers } from "@/domain/quote/answers";
import type { FunnelContactChannel, FunnelStep } from "@/domain/schemas/funeral-quote";

/** The funnel's state, kept as the deal setting FUNNEL_SETTING_KEY. */
export interface FunnelSetting {
  answers: QuoteAnswers;
  current_step: FunnelStep | null;
  locale: Locale;
  contact_channel: FunnelContactChannel | null;
  /** ISO instant of the family's consent to be contacted. */
  consent_at: string | null;
  submitted_at: string | null;
}

export const EMPTY_FUNNEL_SETTING: FunnelSetting = { answers: {}, current_step: null, locale: DEFAULT_LOCALE, contact_channel: null, consent_at: null, submitted_at: null };

/** The funnel setting as stored; answers written by an older version are read through today's schema. */
export function readSetting(raw: unknown): FunnelSetting | null {
  if (raw === null || raw === undefined) return null;
  const value = raw as Partial<FunnelSetting>;
  const parsed = quoteAnswersSchema.safeParse(value.answers ?? {});
  return {
    answers: parsed.success ? parsed.data : {},
    current_step: value.current_step ?? null,
    locale: localeOrDefault(value.locale),
    contact_channel: value.contact_channel ?? null,
    consent_at: value.consent_at ?? null,
    submitted_at: value.submitted_at ?? null,
  };
}
