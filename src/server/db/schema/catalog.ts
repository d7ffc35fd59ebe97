import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { id, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";

/** What the operator sells: products (coffins, urns, flowers...) and services, in euro cents. */

export const products = pgTable(
  "products",
  {
    id: id(),
    /** Stable code the quote engine refers to (e.g. COF-ESS-PIN). */
    code: text().notNull().unique(),
    name: text().notNull(),
    /** coffin, urn, accessory, service, flowers, monument, transport... */
    category: text().notNull(),
    /** Range of coffins and urns: essentiel, tradition, prestige. */
    range: text(),
    description: text(),
    /** Section of the standard funeral quote (arrêté of 11 Feb 2025): 1..6, 7A, 7B, 8. */
    quoteSection: text(),
    /** Legally required in every funeral (coffin, urn when cremated...): never true for optional services. */
    mandatory: boolean().notNull().default(false),
    priceCents: integer().notNull(),
    /** VAT rate in basis points: 2000 = 20 %, 1000 = 10 %, 0 = exempt. */
    vatRateBp: integer().notNull(),
    unit: text().notNull().default("unit"),
    /** Carried out by a subcontractor (an asterisk on the legal quote). */
    subcontracted: boolean().notNull().default(false),
    attributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    active: boolean().notNull().default(true),
    demo: boolean().notNull().default(false),
    searchName: searchName("code", "name", "category"),
    ...timestamps,
  },
  (t) => [
    index("products_category_idx").on(t.category),
    check("products_price_check", sql`${t.priceCents} >= 0`),
    check("products_vat_rate_check", sql`${t.vatRateBp} IN (0, 550, 1000, 2000)`),
    ...searchIndexes("products", t.searchName, false),
  ],
);

/** Services a partner bills (a crematorium's cremation, a graveyard's opening...), attached to deals. */
export const services = pgTable(
  "services",
  {
    id: id(),
    code: text().notNull().unique(),
    name: text().notNull(),
    description: text(),
    providerType: text(),
    providerId: integer(),
    priceCents: integer().notNull(),
    vatRateBp: integer().notNull(),
    active: boolean().notNull().default(true),
    demo: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index("services_provider_idx").on(t.providerType, t.providerId)],
);

/** Operator-wide settings (opening hours, default advisor...), one JSON value per key. */
export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  ...timestamps,
});
