import { DEFAULT_LOCALE, localeOrDefault, type Locale } from "@/domain/locales";
import { FUNNEL_CONTACT_CHANNELS, type FunnelContactChannel } from "@/domain/schemas/funeral-quote";
import { MARBLE_FUNNEL_STEPS, monumentConfigurationSchema, type MarbleFunnelStep, type MonumentConfigurationValue } from "@/domain/schemas/marble-funnel";

/** The configurator's state, kept as the deal setting MARBLE_FUNNEL_SETTING_KEY. */
export interface MarbleSetting {
  configuration: MonumentConfigurationValue;
  current_step: MarbleFunnelStep | null;
  locale: Locale;
  contact_channel: FunnelContactChannel | null;
  /** ISO instant of the family's consent to be contacted. */
  consent_at: string | null;
  submitted_at: string | null;
}

export const EMPTY_CONFIGURATION: MonumentConfigurationValue = monumentConfigurationSchema.parse({});

export const EMPTY_MARBLE_SETTING: MarbleSetting = {
  configuration: EMPTY_CONFIGURATION,
  current_step: null,
  locale: DEFAULT_LOCALE,
  contact_channel: null,
  consent_at: null,
  submitted_at: null,
};

/** The setting as stored; a configuration written by an older version is read through today's schema. */
export function readMarbleSetting(raw: unknown): MarbleSetting {
  if (raw === null || typeof raw !== "object") return EMPTY_MARBLE_SETTING;
  const value = raw as Partial<Record<keyof MarbleSetting, unknown>>;
  const parsed = monumentConfigurationSchema.safeParse(value.configuration ?? {});
  return {
    configuration: parsed.success ? parsed.data : EMPTY_CONFIGURATION,
    current_step: (MARBLE_FUNNEL_STEPS as readonly unknown[]).includes(value.current_step) ? (value.current_step as MarbleFunnelStep) : null,
    locale: localeOrDefault(value.locale as string | undefined),
    contact_channel: (FUNNEL_CONTACT_CHANNELS as readonly unknown[]).includes(value.contact_channel) ? (value.contact_channel as FunnelContactChannel) : null,
    consent_at: typeof value.consent_at === "string" ? value.consent_at : null,
    submitted_at: typeof value.submitted_at === "string" ? value.submitted_at : null,
  };
}
