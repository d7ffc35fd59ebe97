/**
 * Legal time limits after a death in France, computed from the date (and, when
 * known, the time) of death. Pure calendar arithmetic on local wall-clock time
 * at the place of death, so results do not depend on the machine's time zone.
 *
 * - Death declared at the town hall of the place of death within 24 h.
 * - Body transported without a coffin within 48 h of the death.
 * - Burial or cremation at least 24 h and at most 14 calendar days after the
 *   death (art. R2213-33 and R2213-35 CGCT, décret 2024-790 of 10 July 2024,
 *   deaths from 12 July 2024); for a death abroad the clock starts when the body
 *   enters France. The préfet may extend the limit (up to 21 days locally).
 * - A hospital keeps the body free of charge for the first 3 days.
 */

export const DEADLINE_IDS = [
  "death-declaration",
  "transport-without-coffin",
  "funeral-earliest",
  "funeral-latest",
  "hospital-free-storage",
] as const;
export type DeadlineId = (typeof DEADLINE_IDS)[number];

/** Calendar date (YYYY-MM-DD) and optional wall-clock time (HH:mm) at the place of death. */
export interface LocalMoment {
  date: string;
  time?: string;
}

export interface DeadlineInput {
  deathDate: string;
  deathTime?: string;
  placeOfDeath?: "home" | "hospital" | "nursing-home" | "public-place" | "abroad";
  /** Death abroad: date (and time) the body entered France, when known. */
  arrivalInFranceDate?: string;
  arrivalInFranceTime?: string;
  /**
   * Whether local time follows the European summer-time rule (mainland France
   * and Corsica). Overseas departments keep the same time all year.
   */
  observesEuSummerTime?: boolean;
}

export interface Deadline {
  id: DeadlineId;
  /** "before": must happen by `at`; "not-before": may not happen earlier than `at`; "until": free of charge until `at`. */
  kind: "before" | "not-before" | "until";
  /** Moment of the limit. `time` is absent when the time of death is unknown: the limit is then that whole day. */
  at: LocalMoment;
  /** What the delay runs from. */
  startsFrom: "death" | "arrival-in-france";
  /** The delay as the law writes it, for display ("24 h", "14 jours calendaires"...). */
  delay: { amount: number; unit: "hours" | "calendar-days" | "days" };
  /** i18n key the UI translates (namespace of the funnel's choice). */
  messageKey: `deadlines.${DeadlineId}`;
  /** French sentence, for the PDF and as the source text of translations. */
  label: string;
  legalReference: string;
}

export interface PendingDeadline {
  id: DeadlineId;
  /** Why the moment cannot be computed yet. */
  reason: "arrival-in-france-unknown";
  messageKey: `deadlines.${DeadlineId}`;
  label: string;
  legalReference: string;
}

export interface DeadlineNotice {
  code: "death_before_2024_reform" | "prefect_extension_possible" | "time_of_death_unknown";
  message: string;
}

export interface Deadlines {
  deadlines: Deadline[];
  /** Limits that start later (death abroad, body not yet in France). */
  pending: PendingDeadline[];
  notices: DeadlineNotice[];
}

export type DeadlineErrorCode = "death_date__invalid" | "death_time__invalid" | "arrival_in_france__invalid" | "arrival_in_france__before_death";

export type DeadlinesResult = { ok: true; value: Deadlines } | { ok: false; error: { code: DeadlineErrorCode; message: string } };

/** First day on which the 14-day rule of décret 2024-790 applies. */
export const FOURTEEN_DAY_RULE_FROM = "2024-07-12";
export const FUNERAL_EARLIEST_HOURS = 24;
export const FUNERAL_LATEST_CALENDAR_DAYS = 14;
export const FUNERAL_LATEST_WITH_PREFECT_EXTENSION_DAYS = 21;
export const DEATH_DECLARATION_HOURS = 24;
export const TRANSPORT_WITHOUT_COFFIN_HOURS = 48;
export const HOSPITAL_FREE_STORAGE_DAYS = 3;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

function parseDate(value: string): { y: number; m: number; d: number } | null {
  const match = DATE_RE.exec(value);
  if (match === null) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return { y, m, d };
}

function parseTime(value: string): { h: number; min: number } | null {
  const match = TIME_RE.exec(value);
  if (match === null) return null;
  return { h: Number(match[1]), min: Number(match[2]) };
}

function pad(value: number): string {
  return value.toString().padStart(2, "0");
}

/** "Naive" milliseconds: the wall-clock reading encoded as if it were UTC. */
function naiveToMoment(naive: number, withTime: boolean): LocalMoment {
  const date = new Date(naive);
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return withTime ? { date: day, time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` } : { date: day };
}

/** UTC instant (ms) of the last Sunday of a month at 01:00 UTC: when EU summer time starts or ends. */
function lastSundayAt1Utc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  const back = lastDay.getUTCDay();
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - back, 1);
}

/** Offset from UTC of mainland French time at a UTC instant: +2 h in summer time, +1 h otherwise. */
function parisOffsetMs(utc: number): number {
  const year = new Date(utc).getUTCFullYear();
  const start = lastSundayAt1Utc(year, 2);
  const end = lastSundayAt1Utc(year, 9);
  return utc >= start && utc < end ? 2 * HOUR_MS : HOUR_MS;
}

/**
 * Adds real elapsed hours to a wall-clock moment. With summer time the wall
 * clock skips or repeats an hour twice a year; counting elapsed time keeps
 * "at least 24 h" honest on those nights.
 */
function addElapsedHours(naive: number, hours: number, summerTime: boolean): number {
  if (!summerTime) return naive + hours * HOUR_MS;
  // Read the wall clock as winter time first: in the repeated autumn hour that
  // is the later of the two instants, and a time in the skipped spring hour
  // lands just after the change. Either way a minimum wait is never shortened.
  const asWinter = naive - HOUR_MS;
  const asSummer = naive - 2 * HOUR_MS;
  const utc = parisOffsetMs(asWinter) === HOUR_MS || parisOffsetMs(asSummer) !== 2 * HOUR_MS ? asWinter : asSummer;
  const target = utc + hours * HOUR_MS;
  return target + parisOffsetMs(target);
}

function moment(date: { y: number; m: number; d: number }, time: { h: number; min: number } | null): number {
  return Date.UTC(date.y, date.m - 1, date.d, time?.h ?? 0, time?.min ?? 0);
}

const REF_DECLARATION = "Art. 78 du code civil ; art. L2223-42 CGCT";
const REF_TRANSPORT = "Art. R2213-7 à R2213-11 CGCT";
const REF_FUNERAL = "Art. R2213-33 et R2213-35 CGCT (décret n° 2024-790 du 10 juillet 2024)";
const REF_HOSPITAL = "Art. R2223-89 CGCT";

const LABELS: Record<DeadlineId, string> = {
  "death-declaration": "Déclarer le décès à la mairie du lieu de décès dans les 24 heures",
  "transport-without-coffin": "Transporter le défunt sans cercueil au plus tard 48 heures après le décès",
  "funeral-earliest": "L'inhumation ou la crémation ne peut pas avoir lieu moins de 24 heures après le décès",
  "funeral-latest": "L'inhumation ou la crémation doit avoir lieu au plus tard 14 jours calendaires après le décès",
  "hospital-free-storage": "La chambre mortuaire de l'hôpital garde le défunt gratuitement pendant les 3 premiers jours",
};

const LABELS_ABROAD: Partial<Record<DeadlineId, string>> = {
  "funeral-earliest": "L'inhumation ou la crémation ne peut pas avoir lieu moins de 24 heures après l'arrivée du corps en France",
  "funeral-latest": "L'inhumation ou la crémation doit avoir lieu au plus tard 14 jours calendaires après l'arrivée du corps en France",
};

function fail(code: DeadlineErrorCode, message: string): DeadlinesResult {
  return { ok: false, error: { code, message } };
}

export function computeDeadlines(input: DeadlineInput): DeadlinesResult {
  const deathDate = parseDate(input.deathDate);
  if (deathDate === null) return fail("death_date__invalid", "La date de décès est invalide.");
  const deathTime = input.deathTime === undefined ? null : parseTime(input.deathTime);
  if (input.deathTime !== undefined && deathTime === null) {
    return fail("death_time__invalid", "L'heure de décès est invalide.");
  }
  const abroad = input.placeOfDeath === "abroad";
  const summerTime = input.observesEuSummerTime ?? true;

  const deadlines: Deadline[] = [];
  const pending: PendingDeadline[] = [];
  const notices: DeadlineNotice[] = [];

  const deathNaive = moment(deathDate, deathTime);
  const withTime = deathTime !== null;
  const at = (naive: number, elapsedHours: number): LocalMoment =>
    naiveToMoment(withTime ? addElapsedHours(naive, elapsedHours, summerTime) : naive + elapsedHours * HOUR_MS, withTime);

  if (!abroad) {
    deadlines.push({
      id: "death-declaration",
      kind: "before",
      at: at(deathNaive, DEATH_DECLARATION_HOURS),
      startsFrom: "death",
      delay: { amount: DEATH_DECLARATION_HOURS, unit: "hours" },
      messageKey: "deadlines.death-declaration",
      label: LABELS["death-declaration"],
      legalReference: REF_DECLARATION,
    });
    deadlines.push({
      id: "transport-without-coffin",
      kind: "before",
      at: at(deathNaive, TRANSPORT_WITHOUT_COFFIN_HOURS),
      startsFrom: "death",
      delay: { amount: TRANSPORT_WITHOUT_COFFIN_HOURS, unit: "hours" },
      messageKey: "deadlines.transport-without-coffin",
      label: LABELS["transport-without-coffin"],
      legalReference: REF_TRANSPORT,
    });
  }

  // The funeral window runs from the death, or from the entry into France.
  let startNaive: number | null = deathNaive;
  let startWithTime = withTime;
  if (abroad) {
    if (input.arrivalInFranceDate === undefined) {
      startNaive = null;
    } else {
      const arrivalDate = parseDate(input.arrivalInFranceDate);
      const arrivalTime = input.arrivalInFranceTime === undefined ? null : parseTime(input.arrivalInFranceTime);
      if (arrivalDate === null || (input.arrivalInFranceTime !== undefined && arrivalTime === null)) {
        return fail("arrival_in_france__invalid", "La date d'arrivée du corps en France est invalide.");
      }
      startNaive = moment(arrivalDate, arrivalTime);
      startWithTime = arrivalTime !== null;
      if (moment(arrivalDate, null) < moment(deathDate, null)) {
        return fail("arrival_in_france__before_death", "Le corps ne peut pas arriver en France avant la date du décès.");
      }
    }
  }

  const startsFrom = abroad ? "arrival-in-france" : "death";
  const funeralLabel = (id: "funeral-earliest" | "funeral-latest"): string =>
    abroad ? (LABELS_ABROAD[id] ?? LABELS[id]) : LABELS[id];

  if (startNaive === null) {
    for (const id of ["funeral-earliest", "funeral-latest"] as const) {
      pending.push({
        id,
        reason: "arrival-in-france-unknown",
        messageKey: `deadlines.${id}`,
        label: funeralLabel(id),
        legalReference: REF_FUNERAL,
      });
    }
  } else {
    const earliest = startWithTime
      ? naiveToMoment(addElapsedHours(startNaive, FUNERAL_EARLIEST_HOURS, summerTime), true)
      : naiveToMoment(startNaive + DAY_MS, false);
    // Calendar days: the same wall-clock time 14 days later, whatever summer time does.
    const latest = naiveToMoment(startNaive + FUNERAL_LATEST_CALENDAR_DAYS * DAY_MS, startWithTime);
    deadlines.push({
      id: "funeral-earliest",
      kind: "not-before",
      at: earliest,
      startsFrom,
      delay: { amount: FUNERAL_EARLIEST_HOURS, unit: "hours" },
      messageKey: "deadlines.funeral-earliest",
      label: funeralLabel("funeral-earliest"),
      legalReference: REF_FUNERAL,
    });
    deadlines.push({
      id: "funeral-latest",
      kind: "before",
      at: latest,
      startsFrom,
      delay: { amount: FUNERAL_LATEST_CALENDAR_DAYS, unit: "calendar-days" },
      messageKey: "deadlines.funeral-latest",
      label: funeralLabel("funeral-latest"),
      legalReference: REF_FUNERAL,
    });
    notices.push({
      code: "prefect_extension_possible",
      message: `En cas de circonstances particulières, le préfet peut prolonger ce délai (jusqu'à ${FUNERAL_LATEST_WITH_PREFECT_EXTENSION_DAYS} jours selon les situations locales).`,
    });
  }

  if (input.placeOfDeath === "hospital") {
    deadlines.push({
      id: "hospital-free-storage",
      kind: "until",
      at: naiveToMoment(deathNaive + HOSPITAL_FREE_STORAGE_DAYS * DAY_MS, withTime),
      startsFrom: "death",
      delay: { amount: HOSPITAL_FREE_STORAGE_DAYS, unit: "days" },
      messageKey: "deadlines.hospital-free-storage",
      label: LABELS["hospital-free-storage"],
      legalReference: REF_HOSPITAL,
    });
  }

  if (!withTime) {
    notices.push({
      code: "time_of_death_unknown",
      message: "L'heure du décès n'est pas connue : les délais en heures sont indiqués à la journée et se comptent à partir de l'heure exacte du décès.",
    });
  }
  if (input.deathDate < FOURTEEN_DAY_RULE_FROM) {
    notices.push({
      code: "death_before_2024_reform",
      message: "Pour un décès antérieur au 12 juillet 2024, l'ancien délai de six jours ouvrables s'appliquait.",
    });
  }

  return { ok: true, value: { deadlines, pending, notices } };
}
