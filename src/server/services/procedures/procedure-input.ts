import { eq } from "drizzle-orm";
import type { DefunctInput } from "@/domain/schemas/administrative-procedure";
import { todayInFrance } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { cityhalls } from "@/server/db/schema/geo";
import { defuncts } from "@/server/db/schema/procedures";

/** Checks a schema cannot make alone (the database, today's date), and the defunct columns of an input. */

/** Field codes for a death city that does not exist and dates that contradict each other or lie ahead. */
export async function procedureInputProblems(
  db: Db,
  input: DefunctInput & { defunct_death_city_id?: number | null },
  current: { birthDate: string | null; deathDate: string | null } = { birthDate: null, deathDate: null },
  now: Date = new Date(),
): Promise<string[]> {
  const problems: string[] = [];
  if (input.defunct_death_city_id) {
    const [city] = await db.select({ id: cityhalls.id }).from(cityhalls).where(eq(cityhalls.id, input.defunct_death_city_id)).limit(1);
    if (!city) problems.push("administrative_procedure__defunct_death_city_id__invalid");
  }
  const today = todayInFrance(now);
  const birth = input.birth_date === undefined ? current.birthDate : input.birth_date;
  const death = input.death_date === undefined ? current.deathDate : input.death_date;
  if (input.death_date && input.death_date > today) problems.push("defunct__death_date__in_future");
  if (input.birth_date && input.birth_date > today) problems.push("defunct__birth_date__in_future");
  if (birth && death && birth > death) problems.push("defunct__birth_date__after_death_date");
  return problems;
}

/** The defunct columns an input sets (absent keys left alone; null clears). */
export function defunctValues(input: DefunctInput): Partial<typeof defuncts.$inferInsert> {
  const map: Array<[keyof DefunctInput, keyof typeof defuncts.$inferInsert]> = [
    ["civility", "civility"],
    ["firstname", "firstname"],
    ["lastname", "lastname"],
    ["birth_name", "birthName"],
    ["birth_date", "birthDate"],
    ["death_date", "deathDate"],
    ["birth_location", "birthLocation"],
    ["birth_postal_code", "birthPostalCode"],
    ["birth_insee_code", "birthInseeCode"],
    ["birth_country_code", "birthCountryCode"],
  ];
  const values: Record<string, unknown> = {};
  for (const [from, to] of map) {
    const value = input[from];
    if (value === undefined) continue;
    values[to] = typeof value === "string" && value.trim() === "" ? null : value;
  }
  return values as Partial<typeof defuncts.$inferInsert>;
}

export function hasDefunctChange(input: DefunctInput): boolean {
  return Object.keys(defunctValues(input)).length > 0;
}
