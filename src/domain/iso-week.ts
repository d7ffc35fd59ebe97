/**
 * ISO 8601 weeks of calendar days (YYYY-MM-DD, no time zone): the statistics count deals
 * per week from Monday to Sunday, labelled like 2026-W48.
 */

const DAY_MS = 86_400_000;

function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function dayString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Adds whole days to a calendar day. */
export function addDays(day: string, days: number): string {
  return dayString(new Date(utcDay(day).getTime() + days * DAY_MS));
}

/** The Monday that starts the ISO week of `day`. */
export function mondayOf(day: string): string {
  const weekday = (utcDay(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The ISO week label of `day`: its Thursday's year and week number ("2026-W01"). */
export function isoWeekOf(day: string): string {
  const thursday = utcDay(addDays(mondayOf(day), 3));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** Every ISO week touching [from, to], in order, with the Monday that starts it. */
export function weeksBetween(from: string, to: string): { week: string; starts_on: string }[] {
  const weeks: { week: string; starts_on: string }[] = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) weeks.push({ week: isoWeekOf(monday), starts_on: monday });
  return weeks;
}

/** Whole days from `from` to `to` (0 for the same day, negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS);
}
