import { sql } from "drizzle-orm";
import type { CountryNames } from "@/domain/schemas/country";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

/**
 * Data of the /rapatriement-corps-pays pages: the countries a body can be repatriated
 * to, and for one country its consulates in France, its airports and the flights from
 * France with their freight rates. Unpublished (disabled) consulates and flights only
 * show in preview mode.
 */

export interface CountriesVisibility {
  includeUnpublished?: boolean;
}

/**
 * France, its overseas départements and collectivities (a transfer there is not a
 * repatriation abroad: no consulate, no laissez-passer mortuaire) and uninhabited
 * territories get no page.
 */
export const NO_REPATRIATION_PAGE = new Set([
  "fr", "gp", "mq", "gf", "re", "yt", "pm", "bl", "mf", "wf", "pf", "nc", "tf",
  "aq", "bv", "hm", "um", "io", "gs",
]);

export interface CountryListItem {
  code: string;
  names: CountryNames;
  slug: string;
  /** Flights with freight rates arrive in the country. */
  flights: number;
  consulates: number;
}

function excluded(): ReturnType<typeof sql> {
  return sql.join(
    [...NO_REPATRIATION_PAGE].map((code) => sql`${code}`),
    sql`, `,
  );
}

export async function listRepatriationCountries(db: Db, options: CountriesVisibility = {}): Promise<CountryListItem[]> {
  const visible = options.includeUnpublished ? sql`TRUE` : sql`NOT f.disabled`;
  const visibleConsulate = options.includeUnpublished ? sql`TRUE` : sql`NOT k.disabled`;
  const rows = await queryRows<{ code: string; names: CountryNames; slug: string; flights: number; consulates: number }>(db, sql`
    SELECT c.code, c.names, c.slug,
      (SELECT count(*)::int FROM flights f JOIN airports a ON a.id = f.arrival_airport_id WHERE a.country_code = c.code AND ${visible}) AS flights,
      (SELECT count(*)::int FROM consulates k WHERE k.reference_country_id = c.code AND ${visibleConsulate}) AS consulates
    FROM countries c
    WHERE NOT c.disabled AND c.code NOT IN (${excluded()})
    ORDER BY c.slug`);
  return rows.map((r) => ({ code: r.code, names: r.names, slug: r.slug, flights: Number(r.flights), consulates: Number(r.consulates) }));
}

export interface CountryRecord {
  code: string;
  alpha3: string;
  slug: string;
  names: CountryNames;
}

export interface ConsulateRecord {
  id: number;
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  phone: string | null;
  website: string | null;
  demo: boolean;
  disabled: boolean;
}

export interface AirportRecord {
  id: number;
  iata: string;
  name: string;
  city: string | null;
}

export interface RouteRecord {
  flightId: number;
  airline: { name: string; iata: string };
  from: AirportRecord;
  stopover: AirportRecord | null;
  to: AirportRecord;
  /** Cheapest coffin rate of the lightest weight band, air freight (no VAT on international transport). */
  coffinPriceCents: number | null;
  urnPriceCents: number | null;
  demo: boolean;
  disabled: boolean;
}

export interface CountryPageData {
  country: CountryRecord;
  consulates: ConsulateRecord[];
  airports: AirportRecord[];
  routes: RouteRecord[];
}

/** A country by its page slug (its French name slugified); null when it has no page. */
export async function findRepatriationCountry(db: Db, slug: string): Promise<CountryRecord | null> {
  const rows = await queryRows<{ code: string; alpha3: string; slug: string; names: CountryNames }>(db, sql`
    SELECT code, alpha3, slug, names FROM countries
    WHERE slug = ${slug} AND NOT disabled AND code NOT IN (${excluded()}) LIMIT 1`);
  return rows[0] ?? null;
}

/**
 * @param mainAirports IATA codes the editorial notes name for the country, listed first
 */
export async function getCountryPageData(
  db: Db,
  slug: string,
  options: CountriesVisibility & { mainAirports?: readonly string[] } = {},
): Promise<CountryPageData | null> {
  const country = await findRepatriationCountry(db, slug);
  if (!country) return null;
  const consulates = await queryRows<{
    id: number;
    name: string;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    phone: string | null;
    website: string | null;
    demo: boolean;
    disabled: boolean;
  }>(db, sql`
    SELECT id, name, address, postal_code, city, phone, website, demo, disabled FROM consulates
    WHERE reference_country_id = ${country.code} ${options.includeUnpublished ? sql`` : sql`AND NOT disabled`}
    ORDER BY city, name`);

  const routes = await queryRows<{
    flight_id: number;
    airline_name: string;
    airline_iata: string;
    from_id: number;
    from_iata: string;
    from_name: string;
    from_city: string | null;
    stop_id: number | null;
    stop_iata: string | null;
    stop_name: string | null;
    stop_city: string | null;
    to_id: number;
    to_iata: string;
    to_name: string;
    to_city: string | null;
    coffin_cents: number | null;
    urn_cents: number | null;
    demo: boolean;
    disabled: boolean;
  }>(db, sql`
    SELECT f.id AS flight_id, l.name AS airline_name, l.iata AS airline_iata,
      d.id AS from_id, d.iata AS from_iata, d.name AS from_name, d.city AS from_city,
      s.id AS stop_id, s.iata AS stop_iata, s.name AS stop_name, s.city AS stop_city,
      a.id AS to_id, a.iata AS to_iata, a.name AS to_name, a.city AS to_city,
      (SELECT min(r.price_cents) FROM flight_rates r WHERE r.flight_id = f.id AND r.kind = 'coffin'
         AND r.min_weight_kg = (SELECT min(r2.min_weight_kg) FROM flight_rates r2 WHERE r2.flight_id = f.id AND r2.kind = 'coffin')) AS coffin_cents,
      (SELECT min(r.price_cents) FROM flight_rates r WHERE r.flight_id = f.id AND r.kind = 'urn') AS urn_cents,
      f.demo, f.disabled
    FROM flights f
    JOIN airlines l ON l.id = f.airline_id
    JOIN airports d ON d.id = f.departure_airport_id
    JOIN airports a ON a.id = f.arrival_airport_id
    LEFT JOIN airports s ON s.id = f.stopover_airport_id
    WHERE a.country_code = ${country.code} AND d.country_code = 'fr'
      ${options.includeUnpublished ? sql`` : sql`AND NOT f.disabled`}
    ORDER BY coffin_cents NULLS LAST, d.iata, a.iata`);

  const wanted = (options.mainAirports ?? []).map((code) => code.toUpperCase()).filter((code) => /^[A-Z0-9]{3}$/.test(code));
  const airportRows = await queryRows<{ id: number; iata: string; name: string; city: string | null }>(db, sql`
    SELECT a.id, a.iata, a.name, a.city FROM airports a
    WHERE a.country_code = ${country.code}
      AND (a.id IN (SELECT arrival_airport_id FROM flights ${options.includeUnpublished ? sql`` : sql`WHERE NOT disabled`})
        ${wanted.length > 0 ? sql`OR a.iata IN (${sql.join(wanted.map((w) => sql`${w}`), sql`, `)})` : sql``})
    ORDER BY a.iata`);
  const rank = (iata: string) => {
    const index = wanted.indexOf(iata);
    return index === -1 ? wanted.length : index;
  };
  const airports = airportRows
    .map((r) => ({ id: Number(r.id), iata: r.iata, name: r.name, city: r.city }))
    .sort((a, b) => rank(a.iata) - rank(b.iata) || a.iata.localeCompare(b.iata));

  const airport = (id: number, iata: string, name: string, city: string | null): AirportRecord => ({ id: Number(id), iata, name, city });
  return {
    country,
    consulates: consulates.map((c) => ({
      id: Number(c.id),
      name: c.name,
      address: c.address,
      postalCode: c.postal_code,
      city: c.city,
      phone: c.phone,
      website: c.website,
      demo: Boolean(c.demo),
      disabled: Boolean(c.disabled),
    })),
    airports,
    routes: routes.map((r) => ({
      flightId: Number(r.flight_id),
      airline: { name: r.airline_name, iata: r.airline_iata },
      from: airport(r.from_id, r.from_iata, r.from_name, r.from_city),
      stopover: r.stop_id === null ? null : airport(r.stop_id, r.stop_iata ?? "", r.stop_name ?? "", r.stop_city),
      to: airport(r.to_id, r.to_iata, r.to_name, r.to_city),
      coffinPriceCents: r.coffin_cents === null ? null : Number(r.coffin_cents),
      urnPriceCents: r.urn_cents === null ? null : Number(r.urn_cents),
      demo: Boolean(r.demo),
      disabled: Boolean(r.disabled),
    })),
  };
}

/** Every country page, for generateStaticParams and the sitemap. */
export async function listRepatriationCountrySlugs(db: Db): Promise<Array<{ slug: string; featured: boolean }>> {
  const rows = await listRepatriationCountries(db);
  return rows.map((r) => ({ slug: r.slug, featured: r.flights > 0 || r.consulates > 0 }));
}

/** How many country pages exist. */
export async function countRepatriationCountries(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    SELECT count(*)::int AS n FROM countries WHERE NOT disabled AND code NOT IN (${excluded()})`);
  return Number(rows[0]?.n ?? 0);
}
