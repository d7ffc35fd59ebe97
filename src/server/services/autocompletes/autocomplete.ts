import type { Locale } from "@/domain/locales";
import { publicAccess, signedIn, type Access } from "@/domain/access";
import { ROLES, type Role } from "@/domain/roles";
import { AUTOCOMPLETE_EXTRAS, type AutocompleteKind } from "@/domain/schemas/autocomplete";
import type { Db } from "@/server/db/client";
import type { AutocompleteCache } from "@/server/services/autocompletes/cache";
import { getCityhallSuggestions } from "@/server/services/autocompletes/cityhalls";
import { getCountrySuggestions } from "@/server/services/autocompletes/countries";
import {
  searchConsulates,
  searchCrematoriums,
  searchFuneralParlors,
  searchFuneralWorkTypes,
  searchGraveyards,
  searchHospitals,
  searchPolices,
  searchPrefectures,
  searchRegionalHealthAuthorities,
  searchWorships,
} from "@/server/services/autocompletes/places";
import {
  airportExists,
  dealExists,
  searchAirlines,
  searchAirports,
  searchAirportWarehouses,
  searchCompanies,
  searchDealDocuments,
  searchDealsWithInvoices,
  searchDefuncts,
  searchDepartments,
  searchDocumentTypes,
  searchEntityInvoices,
  searchFlights,
  searchProducts,
  searchRuleSets,
  searchSuppliers,
} from "@/server/services/autocompletes/records";
import { searchTerm } from "@/server/services/search-text";

export interface AutocompleteParams {
  q?: string;
  limit: number;
  locale: Locale;
  extra?: string;
  /** Parent id of the nested kinds (airports/{id}/warehouses, deals/{id}/documents). */
  parentId?: number;
  /** Disabled partners too (roles 0-2 only, checked by the route): pickers of the directory itself. */
  includeDisabled?: boolean;
}

/**
 * Who may ask: everybody, any business user, or the staff handling cases (personal data
 * of families: deceased, deals, invoices) — not analytics guests' or partner pros' business.
 */
export type AutocompleteAccess = Access;

const ALL_BUSINESS: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR, ROLES.ANALYTICS_GUEST, ROLES.PRO];
const CASE_STAFF: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];
const PUBLIC = publicAccess("reference data: communes, countries, départements, airports");
/** Products and their public prices are the published catalogue (supplier costs live elsewhere). */
const CATALOGUE = publicAccess("published catalogue: product names and public prices");
const BUSINESS = signedIn({ business: ALL_BUSINESS });
// The tombstone configurator's cemetery step: graveyards are public places, already listed on the commune pages.
const PUBLIC_PLACES = publicAccess("public places: graveyards, already shown on the commune pages");
const STAFF = signedIn({ business: CASE_STAFF });
/** Reference data a family picks from while building its procedure (companies to write to). */
const FAMILIES_AND_BUSINESS = signedIn({ clients: true, business: ALL_BUSINESS });

interface Definition {
  access: AutocompleteAccess;
  /** Reference data only: the answers may be kept by the cache. */
  cacheable: boolean;
  search(db: Db, params: AutocompleteParams): Promise<unknown[]>;
}

const DEFINITIONS: Record<AutocompleteKind, Definition> = {
  airlines: { access: BUSINESS, cacheable: true, search: searchAirlines },
  airports: { access: PUBLIC, cacheable: true, search: searchAirports },
  cityhalls: { access: PUBLIC, cacheable: true, search: getCityhallSuggestions },
  companies: { access: FAMILIES_AND_BUSINESS, cacheable: false, search: searchCompanies },
  consulates: { access: BUSINESS, cacheable: false, search: searchConsulates },
  countries: {
    access: PUBLIC,
    cacheable: true,
    search: (db, p) => getCountrySuggestions(db, { ...p, withFlightsOnly: p.extra === "flight_estimation" }),
  },
  crematoriums: { access: BUSINESS, cacheable: false, search: searchCrematoriums },
  deals_with_invoices: { access: STAFF, cacheable: false, search: searchDealsWithInvoices },
  defuncts: { access: STAFF, cacheable: false, search: searchDefuncts },
  departments: { access: PUBLIC, cacheable: true, search: searchDepartments },
  document_types: { access: FAMILIES_AND_BUSINESS, cacheable: false, search: searchDocumentTypes },
  entity_invoices: { access: STAFF, cacheable: false, search: searchEntityInvoices },
  flights: { access: BUSINESS, cacheable: false, search: searchFlights },
  funeral_parlors: { access: BUSINESS, cacheable: false, search: searchFuneralParlors },
  funeral_work_types: { access: BUSINESS, cacheable: false, search: searchFuneralWorkTypes },
  graveyards: { access: PUBLIC_PLACES, cacheable: false, search: searchGraveyards },
  hospitals: { access: BUSINESS, cacheable: false, search: searchHospitals },
  polices: { access: BUSINESS, cacheable: false, search: searchPolices },
  prefectures: { access: BUSINESS, cacheable: false, search: searchPrefectures },
  products: { access: CATALOGUE, cacheable: false, search: searchProducts },
  rha: { access: BUSINESS, cacheable: false, search: searchRegionalHealthAuthorities },
  rule_sets: { access: BUSINESS, cacheable: false, search: searchRuleSets },
  suppliers: { access: BUSINESS, cacheable: false, search: searchSuppliers },
  worships: { access: BUSINESS, cacheable: false, search: searchWorships },
};

export type NestedKind = "airports/warehouses" | "deals/documents";

const NESTED: Record<NestedKind, Definition & { parentExists(db: Db, id: number): Promise<boolean> }> = {
  "airports/warehouses": {
    access: BUSINESS,
    cacheable: false,
    parentExists: airportExists,
    search: (db, p) => searchAirportWarehouses(db, p.parentId!, p),
  },
  "deals/documents": {
    access: STAFF,
    cacheable: false,
    parentExists: dealExists,
    search: (db, p) => searchDealDocuments(db, p.parentId!, p),
  },
};

/** The definition of `kind` (and `extra`), or null for an unknown one. */
export function autocompleteDefinition(kind: string, extra?: string): Definition | null {
  if (!Object.hasOwn(DEFINITIONS, kind)) return null;
  if (extra !== undefined && !(AUTOCOMPLETE_EXTRAS[kind as AutocompleteKind] ?? []).includes(extra)) return null;
  return DEFINITIONS[kind as AutocompleteKind];
}

export function nestedAutocompleteDefinition(kind: NestedKind) {
  return NESTED[kind];
}

/**
 * Runs an autocomplete and returns the JSON to send. Reference kinds are answered from
 * the cache when the same normalised question was asked recently.
 */
export async function runAutocomplete(db: Db, cache: AutocompleteCache | null, kind: string, definition: Definition, params: AutocompleteParams): Promise<string> {
  const key = definition.cacheable && cache?.enabled ? `${kind}|${params.extra ?? ""}|${params.includeDisabled ? "all" : ""}|${params.locale}|${params.limit}|${searchTerm(params.q).text}` : null;
  if (key) {
    const cached = cache!.get(key);
    if (cached !== undefined) return cached;
  }
  const json = JSON.stringify(await definition.search(db, params));
  if (key) cache!.set(key, json);
  return json;
}
