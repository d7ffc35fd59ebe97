import { quoteAnswersSchema } from "@/domain/quote/answers";
import { FUNNEL_STEPS, type FunnelStep } from "@/domain/schemas/funeral-quote";
import { EMPTY_CONTACT, EMPTY_DEFUNCT, emptyDraft, type FunnelDraft } from "./funnel-flow";

/**
 * The funnel kept on this device (localStorage): the deal's uuid and resume token, the answers and the
 * screen the family was on. Leaving and coming back resumes there, and what was typed
 * survives a lost connection until the server has it. Storage may be missing (private
 * mode, blocked): the funnel then simply works without it.
 */

export const FUNNEL_STORAGE_KEY = "paisible.funeral-quote";
/** A funnel untouched this long starts afresh: the family has moved on. */
export const FUNNEL_STORAGE_MAX_AGE_MS = 60 * 24 * 3600 * 1000;

export interface StoredFunnel {
  version: 1;
  uuid: string | null;
  /** The deal's resume token (its key without a session), kept with the uuid on this device. */
  token: string | null;
  step: FunnelStep | null;
  draft: FunnelDraft;
  /** The quote was sent from the contact screen. */
  submitted: boolean;
  savedAt: string;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 300) : "";
}

/** Whatever is stored is read defensively: a stale or hand-edited entry never breaks the page. */
export function parseStoredFunnel(raw: string | null, now: Date = new Date()): StoredFunnel | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.draft)) return null;
  const savedAt = typeof value.savedAt === "string" ? Date.parse(value.savedAt) : NaN;
  if (!Number.isFinite(savedAt) || now.getTime() - savedAt > FUNNEL_STORAGE_MAX_AGE_MS) return null;
  const d = value.draft;
  const parsed = quoteAnswersSchema.safeParse(d.answers ?? {});
  const base = emptyDraft();
  const contact = isRecord(d.contact) ? d.contact : {};
  const defunct = isRecord(d.defunct) ? d.defunct : {};
  const civility = (v: unknown) => (v === "Mme" || v === "M." ? v : "");
  const picked = <T>(v: unknown, keys: string[]): T | null => (isRecord(v) && keys.every((k) => typeof v[k] === "string") ? (v as T) : null);
  const draft: FunnelDraft = {
    ...base,
    answers: parsed.success ? parsed.data : {},
    choice: d.choice === "burial" || d.choice === "cremation" || d.choice === "repatriation" ? d.choice : null,
    ashesLater: d.ashesLater === true,
    parlorStay: d.parlorStay === true,
    commune: picked(d.commune, ["insee", "name"]),
    deathCountry: picked(d.deathCountry, ["code", "name"]),
    destination: picked(d.destination, ["code", "name"]),
    defunct: { ...EMPTY_DEFUNCT, civility: civility(defunct.civility), firstname: str(defunct.firstname), lastname: str(defunct.lastname) },
    contact: {
      ...EMPTY_CONTACT,
      civility: civility(contact.civility),
      firstname: str(contact.firstname),
      lastname: str(contact.lastname),
      phone: str(contact.phone),
      email: str(contact.email),
      contact_channel: contact.contact_channel === "phone" || contact.contact_channel === "email" || contact.contact_channel === "sms" ? contact.contact_channel : "",
      consent: contact.consent === true,
    },
  };
  const uuid = typeof value.uuid === "string" && /^[0-9a-f-]{36}$/i.test(value.uuid) ? value.uuid.toLowerCase() : null;
  const step = (FUNNEL_STEPS as readonly string[]).includes(value.step as string) ? (value.step as FunnelStep) : null;
  const token = uuid && typeof value.token === "string" && /^[A-Za-z0-9_-]{32,200}$/.test(value.token) ? value.token : null;
  return { version: 1, uuid, token, step, draft, submitted: value.submitted === true, savedAt: new Date(savedAt).toISOString() };
}

export function loadStoredFunnel(now: Date = new Date()): StoredFunnel | null {
  const store = storage();
  if (!store) return null;
  try {
    const parsed = parseStoredFunnel(store.getItem(FUNNEL_STORAGE_KEY), now);
    if (!parsed) store.removeItem(FUNNEL_STORAGE_KEY);
    return parsed;
  } catch {
    return null;
  }
}

export function saveStoredFunnel(entry: Omit<StoredFunnel, "version" | "savedAt">, now: Date = new Date()): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(FUNNEL_STORAGE_KEY, JSON.stringify({ version: 1, ...entry, savedAt: now.toISOString() } satisfies StoredFunnel));
  } catch {
    // Full or blocked storage: the server copy still resumes the funnel from the e-mail link.
  }
}

export function clearStoredFunnel(): void {
  try {
    storage()?.removeItem(FUNNEL_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
