import type { QuoteAnswers } from "@/domain/quote/answers";
import { FUNNEL_STEPS, type Civility, type FunnelContactChannel, type FunnelStep } from "@/domain/schemas/funeral-quote";

/**
 * The funnel's logic without React: which questions apply to this family, when a
 * screen is answered, and how answers stay coherent when an earlier choice changes
 * (changing cremation for burial must not leave a scattering of ashes in the quote).
 */

/** What the family chose on the "burial or cremation" screen; repatriation is a burial abroad. */
export type DispositionChoice = "burial" | "cremation" | "repatriation";

export interface ContactDraft {
  civility: Civility | "";
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  contact_channel: FunnelContactChannel | "";
  consent: boolean;
}

export interface DefunctDraft {
  civility: Civility | "";
  firstname: string;
  lastname: string;
}

/** A place picked in an autocomplete, kept with its label so the screen can show it again. */
export interface PickedCommune {
  insee: string;
  name: string;
  postalCode: string | null;
}

export interface PickedCountry {
  code: string;
  name: string;
}

export interface FunnelDraft {
  answers: QuoteAnswers;
  choice: DispositionChoice | null;
  /** Cremation: the family will decide where the ashes go later (a lawful answer). */
  ashesLater: boolean;
  /** A funeral-parlour stay was asked for (the number of days lives in the answers). */
  parlorStay: boolean;
  commune: PickedCommune | null;
  deathCountry: PickedCountry | null;
  destination: PickedCountry | null;
  defunct: DefunctDraft;
  contact: ContactDraft;
}

export const EMPTY_CONTACT: ContactDraft = { civility: "", firstname: "", lastname: "", phone: "", email: "", contact_channel: "", consent: false };
export const EMPTY_DEFUNCT: DefunctDraft = { civility: "", firstname: "", lastname: "" };

export function emptyDraft(): FunnelDraft {
  return {
    answers: {},
    choice: null,
    ashesLater: false,
    parlorStay: false,
    commune: null,
    deathCountry: null,
    destination: null,
    defunct: { ...EMPTY_DEFUNCT },
    contact: { ...EMPTY_CONTACT },
  };
}

/** The choice an answer set implies (a resumed deal carries answers only). */
export function choiceOf(answers: QuoteAnswers): DispositionChoice | null {
  if (answers.repatriation !== undefined) return "repatriation";
  return answers.disposition ?? null;
}

/** The screens that apply, in order. */
export function funnelSteps(draft: FunnelDraft): FunnelStep[] {
  const planning = draft.answers.situation === "planning-ahead";
  return FUNNEL_STEPS.filter((step) => {
    switch (step) {
      case "date":
        return !planning;
      case "destination":
        return draft.choice === "repatriation";
      case "resting-place":
        return draft.choice !== "repatriation";
      default:
        return true;
    }
  });
}

/** The step to show for a wanted one: itself when it applies, else the first unanswered before it. */
export function reachableStep(draft: FunnelDraft, wanted: FunnelStep | null | undefined): FunnelStep {
  const steps = funnelSteps(draft);
  const first = steps[0]!;
  if (!wanted) return first;
  const firstOpen = steps.find((step) => !isStepAnswered(draft, step));
  const index = steps.indexOf(wanted);
  // A step that no longer applies (the family changed an earlier answer) falls back to the first open one.
  if (index < 0) return firstOpen ?? steps[steps.length - 1]!;
  if (firstOpen && steps.indexOf(firstOpen) < index) return firstOpen;
  return wanted;
}

export function nextStep(draft: FunnelDraft, current: FunnelStep): FunnelStep | null {
  const steps = funnelSteps(draft);
  const index = steps.indexOf(current);
  return index >= 0 && index < steps.length - 1 ? steps[index + 1]! : null;
}

export function previousStep(draft: FunnelDraft, current: FunnelStep): FunnelStep | null {
  const steps = funnelSteps(draft);
  const index = steps.indexOf(current);
  return index > 0 ? steps[index - 1]! : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a screen has what it needs to go on (the contact screen is checked by its schema). */
export function isStepAnswered(draft: FunnelDraft, step: FunnelStep): boolean {
  const a = draft.answers;
  switch (step) {
    case "situation":
      return a.situation !== undefined;
    case "place":
      if (a.situation === "planning-ahead") return a.deathCommuneInsee !== undefined;
      if (a.placeOfDeath === undefined) return false;
      if (a.placeOfDeath === "abroad") return a.deathCountry !== undefined && a.deathCommuneInsee !== undefined;
      return a.deathCommuneInsee !== undefined;
    case "date":
      return a.deathDate !== undefined && DATE.test(a.deathDate);
    case "disposition":
      return draft.choice !== null;
    case "destination":
      return a.repatriation?.destinationCountry !== undefined;
    case "ceremony": {
      const c = a.ceremony;
      if (!c) return false;
      if (c.type === "none") return true;
      if (c.type === "religious" && !c.worship) return false;
      return c.place !== undefined;
    }
    case "resting-place":
      if (draft.choice === "cremation") {
        if (draft.ashesLater) return true;
        const place = a.finalRestingPlace;
        if (place === undefined || place === "home-urn") return false;
        if (place === "scattering") return a.scatteringPlace !== undefined;
        return true;
      }
      if (a.finalRestingPlace === "family-grave") return true;
      if (a.finalRestingPlace === "new-concession") return a.concessionKind !== undefined;
      return false;
    case "coffin":
      return a.coffinRange !== undefined;
    case "options":
      return !draft.parlorStay || (a.parlorStayDays !== undefined && a.parlorStayDays > 0);
    case "contact":
      return false;
  }
}

/**
 * Answers made coherent with the choices above them. Pure: the same draft in, the
 * same draft out, and a coherent draft comes out unchanged.
 */
export function normalizeDraft(draft: FunnelDraft): FunnelDraft {
  const a: QuoteAnswers = { ...draft.answers };
  const next: FunnelDraft = { ...draft };

  if (a.situation === "planning-ahead") {
    delete a.placeOfDeath;
    delete a.deathDate;
    delete a.deathTime;
    delete a.deathCountry;
    delete a.arrivalInFranceDate;
    delete a.arrivalInFranceTime;
    delete a.medicoLegal;
    delete a.prosecutorAuthorisationDate;
    next.deathCountry = null;
  }
  if (a.medicoLegal !== true) delete a.prosecutorAuthorisationDate;
  if (a.placeOfDeath !== "abroad") {
    delete a.deathCountry;
    delete a.arrivalInFranceDate;
    delete a.arrivalInFranceTime;
    next.deathCountry = null;
  }
  if (a.deathDate === undefined) delete a.deathTime;

  const choice = draft.choice;
  if (choice === "repatriation") {
    a.disposition = "burial";
    if (draft.destination) a.repatriation = { destinationCountry: draft.destination.code };
    else delete a.repatriation;
    delete a.finalRestingPlace;
    delete a.scatteringPlace;
    delete a.concessionKind;
    delete a.concessionTermYears;
    delete a.graveyardId;
    delete a.crematoriumId;
    next.ashesLater = false;
  } else {
    delete a.repatriation;
    next.destination = null;
    if (choice === null) delete a.disposition;
    else a.disposition = choice;
  }
  if (choice === "burial") {
    delete a.crematoriumId;
    delete a.scatteringPlace;
    next.ashesLater = false;
    if (a.finalRestingPlace !== "family-grave" && a.finalRestingPlace !== "new-concession") delete a.finalRestingPlace;
    if (a.concessionKind !== undefined && a.concessionKind !== "ground" && a.concessionKind !== "vault") delete a.concessionKind;
  }
  if (choice === "cremation") {
    if (next.ashesLater) {
      delete a.finalRestingPlace;
    }
    if (a.finalRestingPlace === "home-urn") delete a.finalRestingPlace;
    if (a.finalRestingPlace !== "scattering") delete a.scatteringPlace;
    if (a.finalRestingPlace === "new-concession") a.concessionKind = "urn-plot";
    else if (a.finalRestingPlace === "columbarium") a.concessionKind = "columbarium";
    else delete a.concessionKind;
    if (a.finalRestingPlace === undefined || a.finalRestingPlace === "family-grave" || (a.finalRestingPlace === "scattering" && a.scatteringPlace === "nature")) {
      delete a.graveyardId;
    }
  }
  if (a.finalRestingPlace !== "new-concession" && a.finalRestingPlace !== "columbarium") delete a.concessionTermYears;
  if (a.finalRestingPlace === "family-grave" && choice === "burial") delete a.concessionKind;

  if (a.ceremony) {
    const ceremony = { ...a.ceremony };
    if (ceremony.type === "none") {
      delete ceremony.worship;
      delete ceremony.place;
      delete ceremony.crematoriumRoomId;
    } else {
      if (ceremony.type !== "religious") delete ceremony.worship;
      if (ceremony.place === "crematorium" && choice !== "cremation") delete ceremony.place;
      if (ceremony.place === "graveside" && choice !== "burial") delete ceremony.place;
      if (ceremony.place !== "crematorium") delete ceremony.crematoriumRoomId;
    }
    a.ceremony = ceremony;
  }

  if (!draft.parlorStay) delete a.parlorStayDays;
  next.answers = a;
  return next;
}

/** A draft rebuilt from a deal the server gave back (resume from the e-mail link or another device). */
export function draftFromDeal(deal: {
  answers: QuoteAnswers;
  client: { civility: string | null; firstname: string | null; lastname: string | null; phone: string | null; email: string | null; contact_channel: string | null } | null;
  defunct: { civility: string | null; firstname: string | null; lastname: string | null } | null;
  commune: { insee_code: string; name: string; postal_code: string | null } | null;
}, previous?: FunnelDraft | null): FunnelDraft {
  const answers = deal.answers;
  const draft = emptyDraft();
  draft.answers = answers;
  draft.choice = choiceOf(answers);
  draft.parlorStay = (answers.parlorStayDays ?? 0) > 0;
  draft.ashesLater = answers.disposition === "cremation" && answers.repatriation === undefined && answers.finalRestingPlace === undefined && previous?.ashesLater === true;
  if (deal.commune) draft.commune = { insee: deal.commune.insee_code, name: deal.commune.name, postalCode: deal.commune.postal_code };
  // Country names come back with the next pick; the code alone still prices the quote.
  if (answers.deathCountry) draft.deathCountry = previous?.deathCountry?.code === answers.deathCountry ? previous.deathCountry : { code: answers.deathCountry, name: answers.deathCountry };
  if (answers.repatriation) {
    const code = answers.repatriation.destinationCountry;
    draft.destination = previous?.destination?.code === code ? previous.destination : { code, name: code };
  }
  if (deal.defunct) {
    draft.defunct = {
      civility: deal.defunct.civility === "Mme" || deal.defunct.civility === "M." ? deal.defunct.civility : "",
      firstname: deal.defunct.firstname ?? "",
      lastname: deal.defunct.lastname ?? "",
    };
  }
  if (deal.client) {
    const channel = deal.client.contact_channel;
    draft.contact = {
      civility: deal.client.civility === "Mme" || deal.client.civility === "M." ? deal.client.civility : "",
      firstname: deal.client.firstname ?? "",
      lastname: deal.client.lastname ?? "",
      phone: deal.client.phone ?? "",
      email: deal.client.email ?? "",
      contact_channel: channel === "phone" || channel === "email" || channel === "sms" ? channel : "",
      // Consent is asked again: it belongs to the moment the quote is sent.
      consent: false,
    };
  } else if (previous) {
    draft.contact = previous.contact;
  }
  return draft;
}

/** Stable key of the answers, to know whether the server's quote matches what is on screen. */
export function answersKey(answers: QuoteAnswers): string {
  return JSON.stringify(answers, Object.keys(flatKeys(answers)).sort());
}

function flatKeys(value: unknown, into: Record<string, true> = {}): Record<string, true> {
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      into[key] = true;
      flatKeys(inner, into);
    }
  }
  return into;
}
