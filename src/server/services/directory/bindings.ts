import { isNull, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DirectoryType } from "@/domain/directory/registry";
import type { ReferenceKind } from "@/domain/directory/descriptor";
import {
  concessionTypes,
  consulates,
  crematoriumAgeRanges,
  crematoriumCeremonies,
  crematoriumRooms,
  crematoriums,
  funeralParlorStays,
  funeralParlors,
  funeralWorkTypes,
  graveyardConcessions,
  graveyardConcessionTerms,
  graveyards,
  hospitals,
  polices,
  prefectureCoverages,
  prefectures,
  regionalHealthAuthorities,
  regionalHealthAuthorityCoverages,
  worships,
  worshipTypes,
} from "@/server/db/schema/partners";
import { cityhalls, countries, departments } from "@/server/db/schema/geo";
import { products } from "@/server/db/schema/catalog";
import { supplierWarehouses, suppliers } from "@/server/db/schema/suppliers";
import { airlines, airports, flights } from "@/server/db/schema/travel";
import { LOGISTICS_BINDINGS } from "@/server/services/directory/logistics-bindings";

/**
 * Where each directory type lives in the database: the server half of a descriptor
 * (src/domain/directory). The engine reads and writes every type through these.
 */

export interface SubItemBinding {
  table: PgTable;
  /** Property (camelCase) of the sub-item table holding the parent's id. */
  parentColumn: string;
  /**
   * Fields naming another sub-item of the same parent (a graveyard's concession names one of
   * its terms): the id must be one of that collection's, or (`orShared`) a row of the
   * collection's table shared by every parent (parent column null).
   */
  siblings?: Record<string, { subKey: string; orShared?: boolean }>;
  /** Tables of the sub-item's own collections (SubItemDescriptor.subItems), by key. */
  subItems?: Record<string, SubItemBinding>;
}

export interface DirectoryBinding {
  table: PgTable;
  /** Only the rows of the table this type covers (concession types: the shared ones, not a graveyard's own). */
  scope?: (table: PgTable) => SQL;
  /** Values every row of the type is written with (the scope's complement). */
  fixed?: Record<string, unknown>;
  /** Property of a generated search column (search_norm of name and city); else the label is searched. */
  searchColumn?: string;
  subItems: Record<string, SubItemBinding>;
  /** Prefix of the quote lines priced with an entry ("PARLOR-12-DAY"): the quotes that depend on it. */
  quotePrefix?: string;
  /** Partner kinds shown on the /pompes-funebres commune pages (their changes refresh those pages). */
  onCommunePages?: boolean;
  /** Read by the /rapatriement-corps-pays pages and their estimate (flights): their changes refresh those pages. */
  onRepatriationPages?: boolean;
  /**
   * The entry's label when no column holds it (a flight: "CDG → ALG (Air Algérie)"), as an SQL
   * expression over the table; lists, searches and the dependents read it.
   */
  label?: (table: PgTable) => SQL;
}

export const DIRECTORY_BINDINGS: Record<DirectoryType, DirectoryBinding> = {
  consulates: { table: consulates, searchColumn: "searchName", subItems: {} },
  crematoriums: {
    table: crematoriums,
    searchColumn: "searchName",
    quotePrefix: "CREMATORIUM",
    onCommunePages: true,
    subItems: {
      age_ranges: { table: crematoriumAgeRanges, parentColumn: "crematoriumId" },
      ceremonies: { table: crematoriumCeremonies, parentColumn: "crematoriumId" },
      rooms: { table: crematoriumRooms, parentColumn: "crematoriumId" },
    },
  },
  funeral_parlors: {
    table: funeralParlors,
    searchColumn: "searchName",
    quotePrefix: "PARLOR",
    onCommunePages: true,
    subItems: { stays: { table: funeralParlorStays, parentColumn: "funeralParlorId" } },
  },
  graveyards: {
    table: graveyards,
    searchColumn: "searchName",
    quotePrefix: "GRAVEYARD",
    onCommunePages: true,
    subItems: {
      concession_types: { table: concessionTypes, parentColumn: "graveyardId" },
      concession_terms: { table: graveyardConcessionTerms, parentColumn: "graveyardId" },
      concessions: {
        table: graveyardConcessions,
        parentColumn: "graveyardId",
        siblings: { concession_term_id: { subKey: "concession_terms" }, concession_type_id: { subKey: "concession_types", orShared: true } },
      },
    },
  },
  hospitals: { table: hospitals, searchColumn: "searchName", onCommunePages: true, subItems: {} },
  polices: { table: polices, searchColumn: "searchName", subItems: {} },
  prefectures: { table: prefectures, searchColumn: "searchName", subItems: { coverages: { table: prefectureCoverages, parentColumn: "prefectureId" } } },
  rha: {
    table: regionalHealthAuthorities,
    searchColumn: "searchName",
    subItems: { coverages: { table: regionalHealthAuthorityCoverages, parentColumn: "regionalHealthAuthorityId" } },
  },
  worships: { table: worships, searchColumn: "searchName", subItems: {} },
  worship_types: { table: worshipTypes, subItems: {} },
  concession_types: { table: concessionTypes, scope: () => isNull(concessionTypes.graveyardId), fixed: { graveyardId: null }, subItems: {} },
  ...LOGISTICS_BINDINGS,
};

export function bindingOf(type: DirectoryType): DirectoryBinding {
  return DIRECTORY_BINDINGS[type];
}

/** The rows a reference field may point at: table and key column (communes by id, countries by code...). */
export const REFERENCE_TARGETS: Partial<Record<ReferenceKind, { table: PgTable; key: AnyPgColumn; scope?: SQL }>> = {
  airlines: { table: airlines, key: airlines.id },
  airports: { table: airports, key: airports.id },
  cityhalls: { table: cityhalls, key: cityhalls.id },
  consulates: { table: consulates, key: consulates.id },
  countries: { table: countries, key: countries.code },
  crematoriums: { table: crematoriums, key: crematoriums.id },
  departments: { table: departments, key: departments.code },
  flights: { table: flights, key: flights.id },
  funeral_parlors: { table: funeralParlors, key: funeralParlors.id },
  funeral_work_types: { table: funeralWorkTypes, key: funeralWorkTypes.id },
  graveyards: { table: graveyards, key: graveyards.id },
  hospitals: { table: hospitals, key: hospitals.id },
  polices: { table: polices, key: polices.id },
  prefectures: { table: prefectures, key: prefectures.id },
  products: { table: products, key: products.id },
  rha: { table: regionalHealthAuthorities, key: regionalHealthAuthorities.id },
  suppliers: { table: suppliers, key: suppliers.id },
  warehouses: { table: supplierWarehouses, key: supplierWarehouses.id },
  worships: { table: worships, key: worships.id },
  worship_types: { table: worshipTypes, key: worshipTypes.id },
  concession_types: { table: concessionTypes, key: concessionTypes.id },
};
