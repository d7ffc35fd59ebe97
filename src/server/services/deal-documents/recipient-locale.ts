import { and, asc, eq, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, localeOrDefault, type Locale } from "@/domain/locales";
import type { Db } from "@/server/db/client";
import { dealAbilities, dealSettings } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";

/**
 * The language of an e-mail sent about a deal. A client row keeps no language of its own;
 * the family chose one when it made the deal in a funnel (the `locale` of the funnel's
 * deal setting), so a member of the deal's family is written to in that language. Anyone
 * else (a crematorium, a town hall, a typed address) gets French, the language of the
 * French administration the documents are for.
 */
export async function recipientLocale(db: Db, dealId: number, email: string): Promise<Locale> {
  const [member] = await db
    .select({ id: clients.id })
    .from(dealAbilities)
    .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
    .where(and(eq(dealAbilities.dealId, dealId), eq(clients.email, email.trim().toLowerCase())))
    .limit(1);
  if (!member) return DEFAULT_LOCALE;
  return familyLocaleOfDeal(db, dealId);
}

/** The locale the family used in the deal's funnel (the first setting that records one), else French. */
export async function familyLocaleOfDeal(db: Db, dealId: number): Promise<Locale> {
  const rows = await db
    .select({ locale: sql<string | null>`${dealSettings.value} ->> 'locale'` })
    .from(dealSettings)
    .where(and(eq(dealSettings.dealId, dealId), sql`${dealSettings.value} ? 'locale'`))
    .orderBy(asc(dealSettings.id))
    .limit(1);
  return localeOrDefault(rows[0]?.locale);
}
