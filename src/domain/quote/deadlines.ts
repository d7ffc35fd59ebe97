/**
 * Legal time limits after a death in France, computed from the date (and, when
 * known, the time) of death. Pure calendar arithmetic on local wall-clock time
 * at the place of death, so results do not depend on the machine's time zone.
 *
 * - Death declared at the town hall of the place of death within 24 h; town
 *   halls count them without Sundays and public holidays, and a late declaration
 *   is still recorded (art. 78 code civil). (Art. L2223-42 CGCT, once cited here,
 *   concerns the certificate needed to close the coffin, not the declaration.)
 * - Body transported without a coffin within 48 h of the death.
 * - Burial or cremation at least 24 h after the death and at the latest on the
 *   14th calendar day after the day of death, that whole day included
 *   (art. R2213-33 and R2213-35 CGCT as rewritten by décret 2024-790 of 10 July
 *   2024, deaths from 12 July 2024). Source read 2026-11-24:
 *   https://lexbase.fr/texte-de-loi/code-general-des-collectivites-territorialesr221333/L0785MNE.html
 * - Death abroad: the 24-hour minimum still counts from the death; the 14 days
 *   run from the day the body enters France. A death in a COM or New Caledonia
 *   counts from entry into mainland France, a DOM or a COM (art. R2213-23).
 * - Medico-legal case (suicide, accident, suspicious death): the 14 days run from
 *   the day the public prosecutor authorised the burial or cremation.
 * - The préfet has two distinct powers: a one-off extension for one funeral in
 *   particular circumstances, with no cap in days; and a department-wide
 *   extension for local circumstances, for one month at most, renewable, which
 *   may not go beyond the 21st calendar day.
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
  /** Death abroad: date the body entered France, when known (a time is accepted but the limit is a whole day). */
  arrivalInFranceDate?: string;
  arrivalInFranceTime?: string;
  /** Medico-legal case (suicide, accident, suspicious death): the prosecutor must authorise the funeral. */
  medicoLegal?: boolean;
  /** Day the prosecutor authorised the burial or cremation, when known. */
  prosecutorAuthorisationDate?: string;
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
  startsFrom: "death" | "arrival-in-france" | "prosecutor-authorisation";
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
  reason: "arrival-in-france-unknown" | "prosecutor-authorisation-unknown";
  messageKey: `deadlines.${DeadlineId}`;
  label: string;
  legalReference: string;
}

export interface DeadlineNotice {
  code:
    | "death_before_2024_reform"
    | "prefect_extension_possible"
    | "time_of_death_unknown"
    | "medico_legal"
    | "overseas_entry"
    | "late_declaration_recorded";
  message: string;
}

export interface Deadlines {
  deadlines: Deadline[];
  /** Limits that start later (death abroad, body not yet in France). */
  pending: PendingDeadline[];
  notices: DeadlineNotice[];
}

export type DeadlineErrorCode =
  | "death_date__invalid"
  | "death_time__invalid"
  | "arrival_in_france__invalid"
  | "arrival_in_france__before_death"
  | "prosecutor_authorisation__invalid"
  | "prosecutor_authorisation__before_death";

export type DeadlinesResult = { ok: true; value: Deadlines } | { ok: false; error: { code: DeadlineErrorCode; message: string } };

/** First day on which the 14-day rule of décret 2024-790 applies. */
export const FOURTEEN_DAY_RULE_FROM = "2024-07-12";
export const FUNERAL_EARLIEST_HOURS = 24;
export const FUNERAL_LATEST_CALENDAR_DAYS = 14;
/** Department-wide extension for local circumstances: never beyond this calendar day. A one-off extension has no cap. */
export const FUNERAL_LATEST_WITH_PREFECT_EXTENSION_DAYS = 21;
/** Department-wide extension: at most this many months at a time, renewable. */
export const PREFECT_DEPARTMENT_WIDE_EXTENSION_MONTHS = 1;
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

const REF_DECLARATION = "Art. 78 du code civil (délai de 24 heures compté hors dimanches et jours fériés)";
const REF_TRANSPORT = "Art. R2213-7 à R2213-11 CGCT";
const REF_FUNERAL = "Art. R2213-33 et R2213-35 CGCT (décret n° 2024-790 du 10 juillet 2024)";
const REF_FUNERAL_ABROAD = "Art. R2213-23, R2213-33 et R2213-35 CGCT (décret n° 2024-790 du 10 juillet 2024)";
const REF_HOSPITAL = "Art. R2223-89 CGCT";

const LABELS: Record<DeadlineId, string> = {
  "death-declaration":
    "Déclarer le décès à la mairie du lieu de décès dans les 24 heures, dimanches et jours fériés non compris",
  "transport-without-coffin": "Transporter le défunt sans cercueil au plus tard 48 heures après le décès",
  "funeral-earliest": "L'inhumation ou la crémation ne peut pas avoir lieu moins de 24 heures après le décès",
  "funeral-latest": "L'inhumation ou la crémation doit avoir lieu au plus tard le 14e jour calendaire suivant celui du décès",
  "hospital-free-storage": "La chambre mortuaire de l'hôpital garde le défunt gratuitement pendant les 3 premiers jours",
};

const LABEL_LATEST_ABROAD =
  "L'inhumation ou la crémation doit avoir lieu au plus tard le 14e jour calendaire suivant celui de l'entrée du corps en France";
const LABEL_LATEST_MEDICO_LEGAL =
  "L'inhumation ou la crémation doit avoir lieu au plus tard le 14e jour calendaire suivant celui de l'autorisation du procureur de la République";

/** French public holidays of a year (YYYY-MM-DD), Easter-based ones included. */
export function frenchPublicHolidays(year: number): Set<string> {
  // Anonymous Gregorian algorithm for Easter Sunday.
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  const easter = Date.UTC(year, month - 1, day);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const fixed = ["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map((md) => `${year}-${md}`);
  return new Set([...fixed, iso(easter + DAY_MS), iso(easter + 39 * DAY_MS), iso(easter + 50 * DAY_MS)]);
}

/** Whether a calendar day is a Sunday or a French public holiday. */
function isSundayOrHoliday(naiveDay: number): boolean {
  const date = new Date(naiveDay);
  if (date.getUTCDay() === 0) return true;
  return frenchPublicHolidays(date.getUTCFullYear()).has(date.toISOString().slice(0, 10));
}

/**
 * 24 hours to declare the death, not counting Sundays and public holidays: each
 * such day that falls after the day of death, up to the limit, pushes it a day.
 */
function declarationLimit(deathNaive: number, hours: number): number {
  const startDay = Math.floor(deathNaive / DAY_MS) * DAY_MS;
  let limit = deathNaive + hours * HOUR_MS;
  for (let day = startDay + DAY_MS; day <= Math.floor(limit / DAY_MS) * DAY_MS; day += DAY_MS) {
    if (isSundayOrHoliday(day)) limit += DAY_MS;
  }
  return limit;
}

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
      at: naiveToMoment(declarationLimit(deathNaive, DEATH_DECLARATION_HOURS), withTime),
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

  // The 24-hour minimum always counts from the death; the 14 days run from the
  // day of death, of entry into France, or of the prosecutor's authorisation.
  let latestStartDay: number | null = moment(deathDate, null);
  let startsFrom: Deadline["startsFrom"] = "death";
  let latestLabel = LABELS["funeral-latest"];
  let pendingReason: PendingDeadline["reason"] | null = null;
  if (abroad) {
    startsFrom = "arrival-in-france";
    latestLabel = LABEL_LATEST_ABROAD;
    if (input.arrivalInFranceDate === undefined) {
      latestStartDay = null;
      pendingReason = "arrival-in-france-unknown";
    } else {
      const arrivalDate = parseDate(input.arrivalInFranceDate);
      if (arrivalDate === null || (input.arrivalInFranceTime !== undefined && parseTime(input.arrivalInFranceTime) === null)) {
        return fail("arrival_in_france__invalid", "La date d'arrivée du corps en France est invalide.");
      }
      if (moment(arrivalDate, null) < moment(deathDate, null)) {
        return fail("arrival_in_france__before_death", "Le corps ne peut pas arriver en France avant la date du décès.");
      }
      latestStartDay = moment(arrivalDate, null);
    }
    notices.push({
      code: "overseas_entry",
      message:
        "Pour un décès dans une collectivité d'outre-mer ou en Nouvelle-Calédonie, le délai court à partir de l'entrée du corps en métropole, dans un département ou une collectivité d'outre-mer.",
    });
  }
  if (input.medicoLegal === true) {
    // The prosecutor's authorisation comes after any entry into France: it sets the start.
    startsFrom = "prosecutor-authorisation";
    latestLabel = LABEL_LATEST_MEDICO_LEGAL;
    if (input.prosecutorAuthorisationDate === undefined) {
      latestStartDay = null;
      pendingReason = "prosecutor-authorisation-unknown";
    } else {
      const authorisation = parseDate(input.prosecutorAuthorisationDate);
      if (authorisation === null) {
        return fail("prosecutor_authorisation__invalid", "La date de l'autorisation du procureur est invalide.");
      }
      if (moment(authorisation, null) < moment(deathDate, null)) {
        return fail("prosecutor_authorisation__before_death", "L'autorisation du procureur ne peut pas précéder le décès.");
      }
      latestStartDay = moment(authorisation, null);
      pendingReason = null;
    }
    notices.push({
      code: "medico_legal",
      message:
        "En cas d'obstacle médico-légal (suicide, accident, mort suspecte), le délai de 14 jours court à partir du jour où le procureur de la République autorise l'inhumation ou la crémation.",
    });
  }

  const earliest = withTime
    ? naiveToMoment(addElapsedHours(deathNaive, FUNERAL_EARLIEST_HOURS, summerTime), true)
    : naiveToMoment(deathNaive + DAY_MS, false);
  deadlines.push({
    id: "funeral-earliest",
    kind: "not-before",
    at: earliest,
    startsFrom: "death",
    delay: { amount: FUNERAL_EARLIEST_HOURS, unit: "hours" },
    messageKey: "deadlines.funeral-earliest",
    label: LABELS["funeral-earliest"],
    legalReference: REF_FUNERAL,
  });
  const reference = abroad ? REF_FUNERAL_ABROAD : REF_FUNERAL;
  if (latestStartDay === null) {
    pending.push({
      id: "funeral-latest",
      reason: pendingReason ?? "arrival-in-france-unknown",
      messageKey: "deadlines.funeral-latest",
      label: latestLabel,
      legalReference: reference,
    });
  } else {
    // The whole 14th calendar day after the starting day: a date, never an hour.
    deadlines.push({
      id: "funeral-latest",
      kind: "before",
      at: naiveToMoment(latestStartDay + FUNERAL_LATEST_CALENDAR_DAYS * DAY_MS, false),
      startsFrom,
      delay: { amount: FUNERAL_LATEST_CALENDAR_DAYS, unit: "calendar-days" },
      messageKey: "deadlines.funeral-latest",
      label: latestLabel,
      legalReference: reference,
    });
  }
  notices.push({
    code: "prefect_extension_possible",
    message: `Le préfet peut accorder une dérogation pour des obsèques en particulier, dans des circonstances particulières, sans plafond fixé en jours. En cas de circonstances locales, il peut aussi prolonger le délai dans tout le département, pour ${PREFECT_DEPARTMENT_WIDE_EXTENSION_MONTHS} mois au plus, renouvelable, sans dépasser le ${FUNERAL_LATEST_WITH_PREFECT_EXTENSION_DAYS}e jour calendaire.`,
  });

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

  if (!abroad) {
    notices.push({
      code: "late_declaration_recorded",
      message: "Une déclaration de décès faite après ce délai reste enregistrée par la mairie.",
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
