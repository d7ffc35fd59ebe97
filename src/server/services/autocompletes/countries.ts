import { sql } from "drizzle-orm";
import type { Locale } from "@/domain/locales";
import type { Db } from "@/server/db/client";
import { searchTerm } from "@/server/services/search-text";
import { queryRows } from "@/server/db/query";

/**
 * Countries named in the requested locale. A name in any other locale also matches (a
 * family may type "Algeria" on the French site), after the names of the locale itself.
 */
export interface CountrySuggestion {
  id: string;
  code: string;
  name: string;
  slug: string;
  alpha3: string;
  /** With flight_estimation: airports with a flight to the country. */
  departure_airports?: string[];
}

interface Row {
  code: string;
  alpha3: string;
  slug: string;
  name: string;
  rank: number;
  departure_airports: string[] | null;
}

export async function getCountrySuggestions(
  db: Db,
  params: { q?: string; limit: number; locale: Locale; withFlightsOnly?: boolean },
): Promise<CountrySuggestion[]> {
  const term = searchTerm(params.q);
  const locale = params.locale;
  const code = term.text.replace(/ /g, "");
  const starts = term.prefix;
  const word = term.word;
  const flights = params.withFlightsOnly
    ? sql`JOIN (
        SELECT a.country_code, array_agg(DISTINCT d.iata ORDER BY d.iata) AS departure_airports
        FROM flights f JOIN airports a ON a.id = f.arrival_airport_id JOIN airports d ON d.id = f.departure_airport_id
        WHERE NOT f.disabled GROUP BY a.country_code
      ) fl ON fl.country_code = c.code`
    : sql``;
  const result = await queryRows<Row>(db, sql`
    SELECT c.code, c.alpha3, c.slug, c.names->>${locale} AS name,
      ${params.withFlightsOnly ? sql`fl.departure_airports` : sql`NULL::text[] AS departure_airports`},
      CASE WHEN c.code = ${code} OR lower(c.alpha3) = ${code} THEN 0
           WHEN c.search_names->>${locale} LIKE ${starts} THEN 1
           WHEN c.search_names->>${locale} LIKE ${word} THEN 2
           ELSE 3 END AS rank
    FROM countries c ${flights}
    WHERE NOT c.disabled AND (${term.text} = '' OR c.code = ${code} OR lower(c.alpha3) = ${code}
      OR EXISTS (SELECT 1 FROM jsonb_each_text(c.search_names) s WHERE s.value LIKE ${starts} OR s.value LIKE ${word}))`);
  const collator = new Intl.Collator(locale);
  return result
    .sort((a, b) => Number(a.rank) - Number(b.rank) || collator.compare(a.name, b.name))
    .slice(0, params.limit)
    .map((row) => ({
      id: row.code,
      code: row.code,
      name: row.name,
      slug: row.slug,
      alpha3: row.alpha3,
      ...(params.withFlightsOnly ? { departure_airports: row.departure_airports ?? [] } : {}),
    }));
}
