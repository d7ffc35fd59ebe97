import { addMonths, addYears, CAPITAL_DECES } from "@/domain/financial-aid";

/**
 * The deadlines a family is reminded of after a death, counted from the date of death,
 * and when each reminder goes out. The capital décès dates come from the rules of
 * src/domain/financial-aid.ts, so a correction there moves the reminders too.
 */
export const FAMILY_REMINDER_IDS = ["capitalDecesPriority", "capitalDecesClaim", "successionDeclaration", "pensionReversion"] as const;
export type FamilyReminderId = (typeof FAMILY_REMINDER_IDS)[number];

/** A succession is declared to the tax office within six months of a death in metropolitan France (CGI art. 641). */
export const SUCCESSION_DECLARATION_MONTHS = 6;
/**
 * A survivor's pension (pension de réversion, régime général) claimed within a year of the
 * death is paid from the month after it (CSS art. R353-7); later claims lose the arrears.
 */
export const PENSION_REVERSION_ARREARS_MONTHS = 12;

export interface FamilyReminder {
  id: FamilyReminderId;
  /** The deadline, YYYY-MM-DD. */
  deadline: string;
  /** The day the reminder goes out, YYYY-MM-DD. */
  remindOn: string;
}

function daysBefore(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The reminders of a death on `deathDate` still worth sending on `today` (both YYYY-MM-DD):
 * a reminder whose day has passed goes out at once while its deadline is still ahead.
 */
export function familyReminders(deathDate: string, today: string): FamilyReminder[] {
  const all: FamilyReminder[] = [
    { id: "capitalDecesPriority", deadline: addMonths(deathDate, CAPITAL_DECES.priorityClaimMonths), lead: 7 },
    { id: "capitalDecesClaim", deadline: addYears(deathDate, CAPITAL_DECES.claimYears), lead: 30 },
    { id: "successionDeclaration", deadline: addMonths(deathDate, SUCCESSION_DECLARATION_MONTHS), lead: 30 },
    { id: "pensionReversion", deadline: addMonths(deathDate, PENSION_REVERSION_ARREARS_MONTHS), lead: 30 },
  ].map(({ id, deadline, lead }) => ({ id: id as FamilyReminderId, deadline, remindOn: daysBefore(deadline, lead) }));
  return all
    .filter((reminder) => reminder.deadline >= today)
    .map((reminder) => (reminder.remindOn < today ? { ...reminder, remindOn: today } : reminder));
}

/** Reminders go out at 9:00 in France (8:00 UTC in winter, 7:00 in summer: 8:00 UTC is near enough). */
export function reminderInstant(remindOn: string): Date {
  return new Date(`${remindOn}T08:00:00Z`);
}
