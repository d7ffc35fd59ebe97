// Building a formatter costs more than a whole quote: one is kept for the process.
const PARIS_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * Today's date in France (YYYY-MM-DD), on the server and in the browser alike: a visitor
 * abroad and the server see the same day, so "a death date in the future" means the same.
 */
export function todayInFrance(now: Date = new Date()): string {
  return PARIS_DAY.format(now);
}

/** Unix time in whole seconds, the API's date format (SPEC §7: created_at, expiry…). */
export function epochSeconds(date: Date | string | number): number {
  return Math.floor(new Date(date).getTime() / 1000);
}
