import { dueOn, type ChecklistItem } from "./space-calls";

/** Dates as the family reads them, in their language, Latin digits (as the rest of the product). */
export function formatDay(iso: string, locale: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  if (!y || !m || !d) return iso;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC", numberingSystem: "latn" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

export function formatTimestamp(seconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", numberingSystem: "latn" }).format(new Date(seconds * 1000));
}

/** Today in France as YYYY-MM-DD (deadlines are French civil dates). */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Whole days from today to `iso` (negative: passed). */
export function daysUntil(iso: string, today: string = todayIso()): number {
  const a = Date.parse(`${today}T00:00:00Z`);
  const b = Date.parse(`${iso}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** Open steps with a date, soonest first; steps already passed come first, they need attention. */
export function dueNext<T extends ChecklistItem>(items: readonly T[]): T[] {
  return items
    .filter((item) => item.status !== "done" && dueOn(item) !== null)
    .sort((a, b) => dueOn(a)!.localeCompare(dueOn(b)!));
}
