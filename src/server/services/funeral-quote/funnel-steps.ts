import type { QuoteAnswers } from "@/domain/quote/answers";
import type { Quote } from "@/domain/quote/pricing";
import type { AutoStepRow } from "@/server/services/deals/deal-steps";

/**
 * The steps of a funeral deal, derived from the funnel's answers and the quote: the
 * advisor's checklist of what happens where (SPEC §3 "Deal step types"), written as the
 * deal's automatic steps (services/deals/deal-steps.ts).
 */

const PLACE_OF_DEATH_LABELS: Record<NonNullable<QuoteAnswers["placeOfDeath"]>, string> = {
  home: "Décès au domicile",
  hospital: "Décès à l'hôpital ou en clinique",
  "nursing-home": "Décès en maison de retraite (EHPAD)",
  "public-place": "Décès sur la voie ou dans un lieu public",
  abroad: "Décès à l'étranger",
};

const WORSHIP_LABELS: Record<string, string> = {
  catholic: "catholique",
  protestant: "protestante",
  orthodox: "orthodoxe",
  jewish: "juive",
  muslim: "musulmane",
  buddhist: "bouddhiste",
  hindu: "hindoue",
  other: "d'un autre culte",
};

/** The partner the quote was priced with, read back from its lines' source codes ("CREMATORIUM-12", "PARLOR-3-DAY"). */
export function quotedPartnerId(quote: Quote, prefix: "CREMATORIUM" | "GRAVEYARD" | "PARLOR"): number | null {
  const pattern = new RegExp(`^${prefix}-(\\d+)(?:-|$)`);
  for (const line of quote.lines) {
    const match = pattern.exec(line.sourceCode);
    if (match) return Number(match[1]);
  }
  return null;
}

function chosenId(value: string | undefined, fallback: number | null): number | null {
  if (value !== undefined && /^\d{1,9}$/.test(value)) return Number(value);
  return fallback;
}

/**
 * Wall-clock time in France as an instant. Mainland France is UTC+1 in winter and UTC+2
 * in summer time; the offset is read from the time-zone database, so it is always right.
 */
const PARIS_CLOCK = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", hour12: false, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });

export function parisInstant(date: string, time = "12:00"): Date | null {
  const naive = new Date(`${date}T${time}:00Z`);
  if (Number.isNaN(naive.getTime())) return null;
  const parts = PARIS_CLOCK.formatToParts(naive);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asParis = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"));
  return new Date(naive.getTime() - (asParis - naive.getTime()));
}

export function buildFunnelSteps(answers: QuoteAnswers, quote: Quote): AutoStepRow[] {
  const rows: Omit<AutoStepRow, "position">[] = [];
  const stay = (answers.parlorStayDays ?? 0) > 0;
  const parlorId = stay ? chosenId(answers.funeralParlorId, quotedPartnerId(quote, "PARLOR")) : null;
  const crematoriumId = chosenId(answers.crematoriumId, quotedPartnerId(quote, "CREMATORIUM"));
  const graveyardId = chosenId(answers.graveyardId, quotedPartnerId(quote, "GRAVEYARD"));
  const abroad = answers.placeOfDeath === "abroad";
  const destination = answers.repatriation?.destinationCountry;
  const empty = { scheduledAt: null, locationType: null, locationId: null, placeKind: null, transport: null, comment: null } as const;

  if (answers.situation !== "planning-ahead") {
    const where = answers.placeOfDeath;
    rows.push({
      ...empty,
      stepType: "death",
      scheduledAt: answers.deathDate ? parisInstant(answers.deathDate, answers.deathTime) : null,
      locationType: where === "hospital" ? "Hospital" : where === "public-place" ? "PublicLocation" : null,
      placeKind: where === "home" || where === "nursing-home" ? "Home" : where === "public-place" ? "Public" : null,
      comment: [where ? PLACE_OF_DEATH_LABELS[where] : null, abroad && answers.deathCountry ? `pays : ${answers.deathCountry}` : null, answers.deathCommuneInsee ? `commune INSEE ${answers.deathCommuneInsee}` : null]
        .filter(Boolean)
        .join(" – ") || null,
    });
  }
  if (abroad) {
    rows.push({ ...empty, stepType: "repatriation", transport: "plane", comment: `Retour du défunt en France depuis ${answers.deathCountry ?? "l'étranger"}` });
  }
  const movedBeforeCoffining = !abroad && (stay || answers.placeOfDeath === "public-place");
  if (movedBeforeCoffining) {
    rows.push({
      ...empty,
      stepType: "transport",
      transport: "car",
      locationType: stay || answers.placeOfDeath === "public-place" ? "FuneralParlor" : null,
      locationId: parlorId,
      comment: "Transport avant mise en bière",
    });
  }
  const coffiningPlace = stay ? { locationType: "FuneralParlor" as const, locationId: parlorId } : answers.placeOfDeath === "hospital" ? { locationType: "Hospital" as const, locationId: null } : {};
  rows.push({ ...empty, ...coffiningPlace, stepType: "casketing" });
  rows.push({ ...empty, ...coffiningPlace, stepType: "closing", comment: answers.disposition === "cremation" || destination ? "Fermeture sous surveillance de la police" : null });

  const ceremony = answers.ceremony;
  if (ceremony && ceremony.type !== "none") {
    const place = ceremony.place;
    const located =
      place === "place-of-worship"
        ? { locationType: "Worship" as const, locationId: null }
        : place === "crematorium"
          ? { locationType: "Crematorium" as const, locationId: crematoriumId }
          : place === "funeral-parlor"
            ? { locationType: "FuneralParlor" as const, locationId: chosenId(answers.funeralParlorId, quotedPartnerId(quote, "PARLOR")) }
            : place === "graveside"
              ? { locationType: "Graveyard" as const, locationId: graveyardId }
              : place === "other"
                ? { locationType: "PublicLocation" as const, locationId: null }
                : {};
    rows.push({
      ...empty,
      ...located,
      stepType: "ceremony",
      comment: ceremony.type === "religious" ? `Cérémonie religieuse ${WORSHIP_LABELS[ceremony.worship ?? "other"] ?? ""}`.trim() : "Cérémonie civile",
    });
  }
  rows.push({ ...empty, stepType: "transport", transport: "car", comment: destination && answers.disposition === "burial" ? "Transport après mise en bière jusqu'à l'aéroport" : "Transport après mise en bière" });
  if (answers.disposition === "cremation") {
    rows.push({ ...empty, stepType: "cremation", locationType: "Crematorium", locationId: crematoriumId });
  } else if (answers.disposition === "burial" && !destination) {
    rows.push({
      ...empty,
      stepType: "interment",
      locationType: "Graveyard",
      locationId: graveyardId,
      comment: answers.finalRestingPlace === "new-concession" ? "Nouvelle concession" : answers.finalRestingPlace === "family-grave" ? "Sépulture familiale existante" : null,
    });
  }
  if (destination) {
    rows.push({
      ...empty,
      stepType: "repatriation",
      transport: "plane",
      comment: answers.disposition === "cremation" ? `Envoi de l'urne vers ${destination}` : `Rapatriement du corps vers ${destination}`,
    });
  }
  return rows.map((row, position) => ({ ...row, position }));
}
