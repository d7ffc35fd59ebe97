import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, smallint, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { LOCATION_TYPES } from "@/domain/schemas/deal";
import { CONCESSION_KINDS, ZONE_TYPES } from "@/domain/schemas/partner";
import { id, placeColumns, searchIndexes, searchName, timestamps } from "@/server/db/schema/columns";
import { cityhalls, countries, departments } from "@/server/db/schema/geo";

/** Partner places (SPEC §3): consulates, crematoriums, funeral parlours, graveyards, hospitals, police, prefectures, RHAs, worships. */

export const locationType = pgEnum("location_type", LOCATION_TYPES);
export const zoneType = pgEnum("zone_type", ZONE_TYPES);
export const concessionKind = pgEnum("concession_kind", CONCESSION_KINDS);

const located = () => ({
  cityhallId: integer().references(() => cityhalls.id),
  departmentCode: text().references(() => departments.code),
});

export const consulates = pgTable(
  "consulates",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    /** The country the consulate represents. */
    referenceCountryId: text().references(() => countries.code),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [index("consulates_reference_country_idx").on(t.referenceCountryId), ...searchIndexes("consulates", t.searchName, false)],
);

export const crematoriums = pgTable(
  "crematoriums",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    /** Communes whose residents pay the reduced price. */
    reducedPriceCityhallIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Places of worship linked to the crematorium's ceremonies. */
    worshipIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [index("crematoriums_department_idx").on(t.departmentCode), ...searchIndexes("crematoriums", t.searchName, false)],
);

/** Cremation price by age of the deceased (children's cremations cost less or nothing). */
export const crematoriumAgeRanges = pgTable(
  "crematorium_age_ranges",
  {
    id: id(),
    crematoriumId: integer()
      .notNull()
      .references(() => crematoriums.id, { onDelete: "cascade" }),
    minAge: smallint().notNull(),
    /** Null: no upper bound. */
    maxAge: smallint(),
    priceCents: integer().notNull(),
    reducedPriceCents: integer(),
    ...timestamps,
  },
  (t) => [index("crematorium_age_ranges_crematorium_idx").on(t.crematoriumId), check("crematorium_age_ranges_bounds", sql`${t.maxAge} IS NULL OR ${t.maxAge} >= ${t.minAge}`)],
);

export const crematoriumCeremonies = pgTable(
  "crematorium_ceremonies",
  {
    id: id(),
    crematoriumId: integer()
      .notNull()
      .references(() => crematoriums.id, { onDelete: "cascade" }),
    name: text().notNull(),
    durationMinutes: smallint().notNull(),
    priceCents: integer().notNull(),
    ...timestamps,
  },
  (t) => [index("crematorium_ceremonies_crematorium_idx").on(t.crematoriumId)],
);

export const crematoriumRooms = pgTable(
  "crematorium_rooms",
  {
    id: id(),
    crematoriumId: integer()
      .notNull()
      .references(() => crematoriums.id, { onDelete: "cascade" }),
    name: text().notNull(),
    capacity: smallint(),
    priceCents: integer().notNull(),
    ...timestamps,
  },
  (t) => [index("crematorium_rooms_crematorium_idx").on(t.crematoriumId)],
);

export const funeralParlors = pgTable(
  "funeral_parlors",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [index("funeral_parlors_department_idx").on(t.departmentCode), ...searchIndexes("funeral_parlors", t.searchName, false)],
);

/** Stays in a funeral parlour (chambre funéraire), priced per day after the included days. */
export const funeralParlorStays = pgTable(
  "funeral_parlor_stays",
  {
    id: id(),
    funeralParlorId: integer()
      .notNull()
      .references(() => funeralParlors.id, { onDelete: "cascade" }),
    name: text().notNull(),
    includedDays: smallint().notNull().default(0),
    pricePerDayCents: integer().notNull(),
    admissionPriceCents: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("funeral_parlor_stays_parlor_idx").on(t.funeralParlorId)],
);

/** Kinds of grave plot (pleine terre, caveau, case de columbarium, cavurne, semelle). */
export const concessionTypes = pgTable(
  "concession_types",
  {
    id: id(),
    name: text().notNull(),
    kind: concessionKind().notNull(),
    places: smallint(),
    /** Null: a kind every graveyard may offer; else a kind only this graveyard has (its `concession_types` sub-items). */
    graveyardId: integer().references((): AnyPgColumn => graveyards.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("concession_types_graveyard_idx").on(t.graveyardId)],
);

export const graveyards = pgTable(
  "graveyards",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    /** Communes served by the graveyard (intercommunal graveyards serve several). */
    cityhallIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    concessionSemelleTypeId: integer().references(() => concessionTypes.id),
    defaultConcessionTypeId: integer().references(() => concessionTypes.id),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [index("graveyards_department_idx").on(t.departmentCode), ...searchIndexes("graveyards", t.searchName, false)],
);

/** Durations the commune grants plots for; null years is a perpetual concession. */
export const graveyardConcessionTerms = pgTable(
  "graveyard_concession_terms",
  {
    id: id(),
    graveyardId: integer()
      .notNull()
      .references(() => graveyards.id, { onDelete: "cascade" }),
    durationYears: smallint(),
    label: text().notNull(),
    ...timestamps,
  },
  (t) => [index("graveyard_concession_terms_graveyard_idx").on(t.graveyardId)],
);

/** Price of a plot of one type for one term in one graveyard. */
export const graveyardConcessions = pgTable(
  "graveyard_concessions",
  {
    id: id(),
    graveyardId: integer()
      .notNull()
      .references(() => graveyards.id, { onDelete: "cascade" }),
    concessionTypeId: integer()
      .notNull()
      .references(() => concessionTypes.id),
    concessionTermId: integer()
      .notNull()
      .references(() => graveyardConcessionTerms.id, { onDelete: "cascade" }),
    priceCents: integer().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("graveyard_concessions_unique_idx").on(t.graveyardId, t.concessionTypeId, t.concessionTermId)],
);

export const hospitals = pgTable(
  "hospitals",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    /** Where the hospital sends bodies when it has no mortuary of its own (agreement). */
    agreementLocationType: locationType(),
    agreementLocationId: integer(),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [...searchIndexes("hospitals", t.searchName, false)],
);

export const polices = pgTable(
  "polices",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [...searchIndexes("polices", t.searchName, false)],
);

export const prefectures = pgTable(
  "prefectures",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [...searchIndexes("prefectures", t.searchName, false)],
);

export const prefectureCoverages = pgTable(
  "prefecture_coverages",
  {
    id: id(),
    prefectureId: integer()
      .notNull()
      .references(() => prefectures.id, { onDelete: "cascade" }),
    zoneType: zoneType().notNull(),
    zoneId: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("prefecture_coverages_unique_idx").on(t.prefectureId, t.zoneType, t.zoneId), index("prefecture_coverages_zone_idx").on(t.zoneType, t.zoneId)],
);

/** Agences régionales de santé (rha in the API). */
export const regionalHealthAuthorities = pgTable(
  "regional_health_authorities",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [...searchIndexes("regional_health_authorities", t.searchName, false)],
);

export const regionalHealthAuthorityCoverages = pgTable(
  "regional_health_authority_coverages",
  {
    id: id(),
    regionalHealthAuthorityId: integer()
      .notNull()
      .references(() => regionalHealthAuthorities.id, { onDelete: "cascade" }),
    zoneType: zoneType().notNull(),
    zoneId: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("rha_coverages_unique_idx").on(t.regionalHealthAuthorityId, t.zoneType, t.zoneId),
    index("rha_coverages_zone_idx").on(t.zoneType, t.zoneId),
  ],
);

export const worshipTypes = pgTable("worship_types", {
  id: id(),
  code: text().notNull().unique(),
  name: text().notNull(),
  ...timestamps,
});

export const worships = pgTable(
  "worships",
  {
    id: id(),
    ...placeColumns(),
    ...located(),
    worshipTypeId: integer().references(() => worshipTypes.id),
    searchName: searchName("name", "city"),
    ...timestamps,
  },
  (t) => [...searchIndexes("worships", t.searchName, false)],
);

/** Works a marble mason or gravedigger performs (opening a vault, laying a monument...). */
export const funeralWorkTypes = pgTable(
  "funeral_work_types",
  {
    id: id(),
    code: text().notNull().unique(),
    name: text().notNull(),
    searchName: searchName("name"),
    ...timestamps,
  },
  (t) => [...searchIndexes("funeral_work_types", t.searchName, false)],
);
