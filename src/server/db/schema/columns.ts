import { sql, type SQL } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** Column helpers shared by every domain schema (snake_case names come from the `casing` option). */

export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * Search form of one or more text columns, kept by PostgreSQL itself: search_norm()
 * (migration 0000) lower-cases, strips accents and punctuation, as
 * normalizeSearchText() does for what people type.
 */
export function searchName(...columns: string[]) {
  const parts = columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `);
  return text().generatedAlwaysAs(sql.raw(`search_norm(${parts})`) as SQL);
}

/**
 * Trigram index for fuzzy and infix matches plus, for large tables, a pattern index for
 * prefix matches (LIKE 'lyo%'), which works under any database collation and lets the
 * planner use the column's statistics to choose between it and the population order.
 */
export function searchIndexes(table: string, column: AnyPgColumn, withPrefix = true) {
  const trigram = index(`${table}_search_trgm_idx`).using("gin", sql`${column} gin_trgm_ops`);
  return withPrefix ? [trigram, index(`${table}_search_pattern_idx`).using("btree", sql`${column} text_pattern_ops`)] : [trigram];
}

/** Address and contact columns every partner place has. */
export const placeColumns = () => ({
  name: text().notNull(),
  address: text(),
  addressL2: text("address_l2"),
  postalCode: text(),
  city: text(),
  phone: text(),
  email: text(),
  website: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  countryCode: text().notNull().default("fr"),
  headquarterCountryCode: text(),
  /** Hidden from pickers and quotes without being deleted (SPEC §4 "disabled flag set by value"). */
  disabled: boolean().notNull().default(false),
  /** Seeded demonstration data, never presented as a real partner. */
  demo: boolean().notNull().default(false),
});

export const money = () => integer();
