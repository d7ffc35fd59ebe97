import { addDays, differenceInCalendarDays, format, getDay, isValid, parse } from "date-fns";
import { isCeremonyPlace, type DeliveryPlace } from "@/domain/flowers/catalogue";

/**
 * When a florist can deliver an order (issue 13 "a cut-off rule"). Every date and time is
 * a wall-clock date and time in France (Europe/Paris), whatever the server's or the
 * browser's zone: a family abroad orders for a ceremony in France.
 *
 * The rules, each with its own error code:
 * - `delivery__date__past`: the date is already gone.
 * - `delivery__date__same_day`: never the same day; the florist makes the arrangement the
 *   day before and cannot promise it in a few hours.
 * - `delivery__date__too_soon`: for tomorrow, order before 14:00 today (the cut-off:
 *   florists buy their flowers for the next day's arrangements in the afternoon). At
 *   14:00:00 exactly it is too late.
 * - `delivery__date__too_far`: more than 90 days ahead; nobody can promise flowers further out.
 * - `delivery__date__sunday`: florists' rounds do not run on Sundays, except to the place
 *   of a ceremony on the ceremony's own day (a funeral cannot move, and some faiths bury
 *   quickly, Sundays included). Public holidays are not refused: florists work most of them.
 * - `delivery__time__outside_hours`: rounds run from 08:00 to 18:00.
 * - `delivery__time__after_ceremony`: to a ceremony, the flowers arrive at least 60
 *   minutes before it starts, so the staff can set them up before the family comes in.
 */

export const DELIVERY_TIME_ZONE = "Europe/Paris";
/** Minutes after midnight (Paris) from which tomorrow can no longer be promised. */
export const DELIVERY_CUTOFF_MINUTES = 14 * 60;
export const DELIVERY_OPENS_MINUTES = 8 * 60;
export const DELIVERY_CLOSES_MINUTES = 18 * 60;
/** The flowers are in place this long before the ceremony starts. */
export const CEREMONY_LEAD_MINUTES = 60;
export const DELIVERY_MAX_DAYS_AHEAD = 90;

/** Refusals of a well-formed date and time, each with its own sentence (src/domain/errors.ts). */
export const DELIVERY_REFUSAL_CODES = [
  "delivery__date__past",
  "delivery__date__same_day",
  "delivery__date__too_soon",
  "delivery__date__too_far",
  "delivery__date__sunday",
  "delivery__time__outside_hours",
  "delivery__time__after_ceremony",
] as const;
export const DELIVERY_RULE_CODES = ["delivery__date__invalid", "delivery__time__invalid", ...DELIVERY_REFUSAL_CODES] as const;
export type DeliveryRuleCode = (typeof DELIVERY_RULE_CODES)[number];

/** A date and time as read on a clock in France. */
export interface ParisWallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24 h */
  time: string;
}

export interface DeliveryRequest extends ParisWallClock {
  place: DeliveryPlace;
  /** The ceremony the flowers are for, when known (from the family's funeral deal). */
  ceremony?: ParisWallClock | null;
}

// Building a formatter costs more than the whole check: one for the process.
const PARIS_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: DELIVERY_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function parts(instant: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of PARIS_CLOCK.formatToParts(instant)) if (part.type !== "literal") out[part.type] = Number(part.value);
  return out;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall clock in France at an instant. */
export function parisWallClock(instant: Date): ParisWallClock {
  const p = parts(instant);
  return { date: `${p.year}-${pad(p.month!)}-${pad(p.day!)}`, time: `${pad(p.hour!)}:${pad(p.minute!)}` };
}

/** The instant a French wall clock shows (on a DST change's missing hour, the instant one hour later). */
export function parisToInstant(clock: ParisWallClock): Date {
  const [y, mo, d] = clock.date.split("-").map(Number) as [number, number, number];
  const [h, mi] = clock.time.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Paris is UTC+1 or UTC+2: guess with the offset at the UTC reading, then correct once.
  let instant = asUtc - offsetMs(new Date(asUtc));
  instant = asUtc - offsetMs(new Date(instant));
  return new Date(instant);
}

function offsetMs(instant: Date): number {
  const p = parts(instant);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Parses YYYY-MM-DD as a calendar date (null when it is not one, e.g. 2027-02-29). */
export function parseCalendarDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(date) && format(date, "yyyy-MM-dd") === value ? date : null;
}

/** Minutes after midnight of HH:MM (null when it is not a time of day). */
export function minutesOfDay(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function formatMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The latest delivery time for a ceremony at `ceremonyTime` (HH:MM), or null before 01:00. */
export function latestDeliveryBefore(ceremonyTime: string): string | null {
  const minutes = minutesOfDay(ceremonyTime);
  if (minutes === null || minutes < CEREMONY_LEAD_MINUTES) return null;
  return formatMinutes(minutes - CEREMONY_LEAD_MINUTES);
}

/** The first date (YYYY-MM-DD, France) an order placed now can be delivered, Sundays aside. */
export function earliestDeliveryDate(now: Date): string {
  const clock = parisWallClock(now);
  const today = parseCalendarDate(clock.date)!;
  const beforeCutoff = minutesOfDay(clock.time)! < DELIVERY_CUTOFF_MINUTES;
  return format(addDays(today, beforeCutoff ? 1 : 2), "yyyy-MM-dd");
}

/** Every rule the request breaks (empty: the florist can deliver). */
export function deliveryProblems(request: DeliveryRequest, now: Date): DeliveryRuleCode[] {
  const date = parseCalendarDate(request.date);
  const time = minutesOfDay(request.time);
  const problems: DeliveryRuleCode[] = [];
  if (!date) problems.push("delivery__date__invalid");
  if (time === null) problems.push("delivery__time__invalid");
  if (!date || time === null) return problems;

  const clock = parisWallClock(now);
  const today = parseCalendarDate(clock.date)!;
  const days = differenceInCalendarDays(date, today);
  if (days < 0) problems.push("delivery__date__past");
  else if (days === 0) problems.push("delivery__date__same_day");
  else if (days === 1 && minutesOfDay(clock.time)! >= DELIVERY_CUTOFF_MINUTES) problems.push("delivery__date__too_soon");
  else if (days > DELIVERY_MAX_DAYS_AHEAD) problems.push("delivery__date__too_far");

  const ceremony = request.ceremony ?? null;
  const ceremonyDay = ceremony !== null && ceremony.date === request.date && isCeremonyPlace(request.place);
  if (getDay(date) === 0 && !ceremonyDay) problems.push("delivery__date__sunday");
  if (time < DELIVERY_OPENS_MINUTES || time > DELIVERY_CLOSES_MINUTES) problems.push("delivery__time__outside_hours");
  if (ceremony !== null && ceremony.date === request.date) {
    const ceremonyTime = minutesOfDay(ceremony.time);
    if (ceremonyTime !== null && time > ceremonyTime - CEREMONY_LEAD_MINUTES) problems.push("delivery__time__after_ceremony");
  }
  return problems;
}
