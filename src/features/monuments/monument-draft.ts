import { z } from "zod";
import { ENGRAVING_FONTS, MONUMENT_OPTIONS } from "@/domain/marble/products";
import { CIVILITIES, FUNNEL_CONTACT_CHANNELS } from "@/domain/schemas/funeral-quote";
import { MARBLE_FUNNEL_STEPS, type MarbleDealCreateInput, type MarbleFunnelStep } from "@/domain/schemas/marble-funnel";

/**
 * The monument configuration kept on this device (localStorage) as the family goes: a reload,
 * a closed tab or a lost connection loses nothing, and the deal's uuid and resume token come
 * back with it. Storage may be missing (private mode): the configurator then works without it.
 */

export const MONUMENT_STORAGE_KEY = "paisible.monument-quote";

const str = z.string().catch("");
const draftSchema = z.object({
  version: z.literal(1),
  uuid: z.string().nullable().catch(null),
  token: z.string().nullable().catch(null),
  step: z.enum(MARBLE_FUNNEL_STEPS).catch("model"),
  submitted: z.boolean().catch(false),
  configuration: z.object({
    model_code: z.string().nullable().catch(null),
    granite_code: z.string().nullable().catch(null),
    finish_code: z.string().catch("FIN-POLI"),
    engraving: z
      .object({ font: z.enum(ENGRAVING_FONTS).catch("roman"), gilded: z.boolean().catch(true), lines: z.array(z.string()).catch([""]) })
      .catch({ font: "roman", gilded: true, lines: [""] }),
    accessories: z.array(z.object({ code: z.string(), quantity: z.number().int() })).catch([]),
    options: z.array(z.enum(MONUMENT_OPTIONS)).catch([]),
  }),
  graveyard: z.object({ id: z.number().int(), name: z.string() }).nullable().catch(null),
  concession: z.object({ concession_type_id: z.number().int().nullable().catch(null), plot_reference: str }),
  client: z.object({
    civility: z.enum(CIVILITIES).nullable().catch(null),
    firstname: str,
    lastname: str,
    email: str,
    phone: str,
    contact_channel: z.enum(FUNNEL_CONTACT_CHANNELS).catch("email"),
    consent: z.boolean().catch(false),
  }),
  commentary: str,
});

export type MonumentDraft = z.infer<typeof draftSchema>;
export type MonumentConfigurationDraft = MonumentDraft["configuration"];

export function emptyMonumentDraft(): MonumentDraft {
  return {
    version: 1,
    uuid: null,
    token: null,
    step: "model",
    submitted: false,
    configuration: {
      model_code: null,
      granite_code: null,
      finish_code: "FIN-POLI",
      engraving: { font: "roman", gilded: true, lines: [""] },
      accessories: [],
      options: ["sole", "foundation", "installation"],
    },
    graveyard: null,
    concession: { concession_type_id: null, plot_reference: "" },
    client: { civility: null, firstname: "", lastname: "", email: "", phone: "", contact_channel: "email", consent: false },
    commentary: "",
  };
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The draft kept on this device, or a fresh one when there is none or it cannot be read. */
export function loadMonumentDraft(store: Storage | null = storage()): MonumentDraft {
  try {
    const raw = store?.getItem(MONUMENT_STORAGE_KEY);
    if (!raw) return emptyMonumentDraft();
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyMonumentDraft();
  } catch {
    return emptyMonumentDraft();
  }
}

export function saveMonumentDraft(draft: MonumentDraft, store: Storage | null = storage()): void {
  try {
    store?.setItem(MONUMENT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // full or blocked storage: the server copy is still being saved
  }
}

export function forgetMonumentDraft(store: Storage | null = storage()): void {
  try {
    store?.removeItem(MONUMENT_STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}

const SENT_STORAGE_KEY = "paisible.monument-quote.sent";

/** Keeps the key of a quote once sent, for its confirmation page; the configurator then starts afresh. */
export function rememberSentQuote(uuid: string, token: string | null, store: Storage | null = storage()): void {
  try {
    store?.setItem(SENT_STORAGE_KEY, JSON.stringify({ uuid, token }));
  } catch {
    // the family's session still opens the deal
  }
}

/** The resume token of the sent quote with this uuid, if this device sent it. */
export function sentQuoteToken(uuid: string, store: Storage | null = storage()): string | null {
  try {
    const parsed = z.object({ uuid: z.string(), token: z.string().nullable() }).safeParse(JSON.parse(store?.getItem(SENT_STORAGE_KEY) ?? "null"));
    if (parsed.success && parsed.data.uuid === uuid) return parsed.data.token;
  } catch {
    // unreadable: no token
  }
  const draft = loadMonumentDraft(store);
  return draft.uuid === uuid ? draft.token : null;
}

/**
 * A sent quote is closed to the resume token (the server answers deal__sign_in_required), so a
 * family coming back starts a new one from the same choices.
 */
export function reopenedDraft(draft: MonumentDraft): MonumentDraft {
  if (!draft.submitted) return draft;
  return { ...emptyMonumentDraft(), configuration: draft.configuration, graveyard: draft.graveyard, concession: draft.concession, client: { ...draft.client, consent: false } };
}

/**
 * What a save sends: choices as codes, never a price. The contact details go with the submission
 * only: half-typed, the server would refuse them (and the save) while the family is still writing;
 * until then they are kept on this device.
 */
export function draftPayload(draft: MonumentDraft, options: { submit?: boolean; locale?: string } = {}): MarbleDealCreateInput {
  const { configuration } = draft;
  const lines = configuration.engraving.lines.map((line) => line.trim());
  const payload: MarbleDealCreateInput = {
    configuration: {
      model_code: configuration.model_code,
      granite_code: configuration.granite_code,
      finish_code: configuration.finish_code,
      engraving: lines.some((line) => line !== "") ? { ...configuration.engraving, lines } : null,
      accessories: configuration.accessories,
      options: configuration.options,
    },
    graveyard_id: draft.graveyard?.id ?? null,
    concession: { concession_type_id: draft.concession.concession_type_id, plot_reference: draft.concession.plot_reference.trim() || null },
    commentary: draft.commentary.trim() || null,
    current_step: draft.step,
  };
  if (options.locale) payload.locale = options.locale as MarbleDealCreateInput["locale"];
  if (options.submit) {
    const c = draft.client;
    payload.client = {
      civility: c.civility,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email,
      phone: c.phone.trim() || null,
      contact_channel: c.contact_channel,
      consent: c.consent as true,
    };
  }
  if (options.submit) payload.submit = true;
  return payload;
}

/** Steps in order, and whether the family may leave one (what it needs is chosen). */
export const STEPS: readonly MarbleFunnelStep[] = MARBLE_FUNNEL_STEPS;

export function stepMissing(draft: MonumentDraft, step: MarbleFunnelStep): string | null {
  if (step === "model" && !draft.configuration.model_code) return "monument__model__missing";
  if (step === "granite" && !draft.configuration.granite_code) return "monument__granite__missing";
  return null;
}
