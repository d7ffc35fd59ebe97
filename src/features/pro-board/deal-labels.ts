import type { BoardDeal } from "./board-calls";

/** "Firstname LASTNAME"-style display of a person on the board, or null when nothing is known. */
export function personName(person: { firstname: string | null; lastname: string | null } | null): string | null {
  if (!person) return null;
  const name = [person.firstname, person.lastname].filter((part) => part && part.trim()).join(" ");
  return name || null;
}

export function advisorName(deal: BoardDeal): string | null {
  return deal.advisor ? `${deal.advisor.firstname} ${deal.advisor.lastname}` : null;
}

/** Dates of the board in the page's language with Latin digits (times in France, where the funerals are). */
export function boardDates(locale: string) {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "Europe/Paris", numberingSystem: "latn" });
  const dayTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris", numberingSystem: "latn" });
  return { day: (seconds: number) => day.format(new Date(seconds * 1000)), dayTime: (seconds: number) => dayTime.format(new Date(seconds * 1000)) };
}
