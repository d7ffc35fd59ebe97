import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { CountryNames } from "@/domain/schemas/country";
import { id, placeColumns, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";

/** Reference geography: régions, départements, communes (their town halls) and countries. */

export const regions = pgTable("regions", {
  code: text().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  ...timestamps,
});

export const departments = pgTable(
  "departments",
  {
    code: text().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    regionCode: text()
      .notNull()
      .references(() => regions.code),
    searchName: searchName("code", "name"),
    ...timestamps,
  },
  (t) => [...searchIndexes("departments", t.searchName, false)],
);

/** One row per current French commune; its town hall is a partner place like the others. */
export const cityhalls = pgTable(
  "cityhalls",
  {
    id: id(),
    ...placeColumns(),
    slug: text().notNull(),
    inseeCode: text().notNull(),
    postalCodes: text().array().notNull().default(sql`'{}'::text[]`),
    departmentCode: text()
      .notNull()
      .references(() => departments.code),
    regionCode: text().references(() => regions.code),
    population: integer(),
    searchName: searchName("name"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cityhalls_insee_code_idx").on(t.inseeCode),
    uniqueIndex("cityhalls_slug_idx").on(t.slug),
    index("cityhalls_department_code_idx").on(t.departmentCode),
    // Ranking by population is the tie-breaker of every commune search and the empty query's order.
    index("cityhalls_population_idx").on(sql`${t.population} DESC NULLS LAST`),
    index("cityhalls_insee_pattern_idx").using("btree", sql`${t.inseeCode} text_pattern_ops`),
    ...searchIndexes("cityhalls", t.searchName),
  ],
);

/** Postal codes one per row, so "6900" finds every commune whose code starts with it through an index. */
export const cityhallPostalCodes = pgTable(
  "cityhall_postal_codes",
  {
    cityhallId: integer()
      .notNull()
      .references(() => cityhalls.id, { onDelete: "cascade" }),
    postalCode: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postalCode, t.cityhallId] }),
    index("cityhall_postal_codes_pattern_idx").using("btree", sql`${t.postalCode} text_pattern_ops`),
  ],
);

export const countries = pgTable(
  "countries",
  {
    /** ISO 3166-1 alpha-2, lower case (SPEC §9 uses lower-case codes). */
    code: text().primaryKey(),
    alpha3: text().notNull(),
    numericCode: text(),
    /** The name in each of the 11 locales. */
    names: jsonb().$type<CountryNames>().notNull(),
    slug: text().notNull().unique(),
    /** normalizeSearchText() of each name, computed by the writer so both sides of a search agree in every script. */
    searchNames: jsonb().$type<CountryNames>().notNull(),
    disabled: boolean().notNull().default(false),
    ...timestamps,
  },
);
