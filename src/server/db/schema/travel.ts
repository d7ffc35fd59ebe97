import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, pgEnum, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { FLIGHT_RATE_KINDS } from "@/domain/schemas/partner";
import { id, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";
import { countries } from "@/server/db/schema/geo";

/** Repatriation by air: airlines, airports, flights and their freight rates. */

export const airlines = pgTable(
  "airlines",
  {
    id: id(),
    name: text().notNull(),
    iata: text().notNull(),
    icao: text(),
    callsign: text(),
    country: text(),
    disabled: boolean().notNull().default(false),
    searchName: searchName("iata", "name"),
    ...timestamps,
  },
  (t) => [index("airlines_iata_idx").on(t.iata), ...searchIndexes("airlines", t.searchName)],
);

export const airports = pgTable(
  "airports",
  {
    id: id(),
    name: text().notNull(),
    city: text(),
    countryCode: text().references(() => countries.code),
    iata: text().notNull(),
    icao: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    timezone: text(),
    searchName: searchName("iata", "city", "name"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("airports_iata_idx").on(t.iata),
    index("airports_country_idx").on(t.countryCode),
    ...searchIndexes("airports", t.searchName),
  ],
);

export const flights = pgTable(
  "flights",
  {
    id: id(),
    airlineId: integer()
      .notNull()
      .references(() => airlines.id),
    departureAirportId: integer()
      .notNull()
      .references(() => airports.id),
    stopoverAirportId: integer().references(() => airports.id),
    arrivalAirportId: integer()
      .notNull()
      .references(() => airports.id),
    disabled: boolean().notNull().default(false),
    demo: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("flights_arrival_idx").on(t.arrivalAirportId),
    index("flights_departure_idx").on(t.departureAirportId),
    check("flights_distinct_airports", sql`${t.departureAirportId} <> ${t.arrivalAirportId}`),
  ],
);

export const flightRateKind = pgEnum("flight_rate_kind", FLIGHT_RATE_KINDS);

/** Freight price of a coffin or an urn on a flight, by weight band. */
export const flightRates = pgTable(
  "flight_rates",
  {
    id: id(),
    flightId: integer()
      .notNull()
      .references(() => flights.id, { onDelete: "cascade" }),
    kind: flightRateKind().notNull(),
    minWeightKg: smallint().notNull().default(0),
    maxWeightKg: smallint(),
    priceCents: integer().notNull(),
    ...timestamps,
  },
  (t) => [index("flight_rates_flight_idx").on(t.flightId)],
);
