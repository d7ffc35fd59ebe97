import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import {
  consulates,
  crematoriums,
  funeralParlors,
  funeralWorkTypes,
  graveyards,
  hospitals,
  polices,
  prefectures,
  regionalHealthAuthorities,
  worships,
} from "@/server/db/schema/partners";
import { rankedSearch } from "@/server/services/autocompletes/ranked-search";

/** Partner places for back-office pickers: enabled ones only, with what a picker shows. */

export interface PlaceSuggestion {
  id: number;
  name: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  department_code: string | null;
  cityhall_id: number | null;
  demo: boolean;
  /** Only when disabled places were asked for. */
  disabled?: boolean;
  [extra: string]: unknown;
}

type PlaceTable =
  | typeof consulates
  | typeof crematoriums
  | typeof funeralParlors
  | typeof graveyards
  | typeof hospitals
  | typeof polices
  | typeof prefectures
  | typeof regionalHealthAuthorities
  | typeof worships;

const PLACE_COLUMNS = sql.raw(`t.id, t.name, t.address, t.postal_code, t.city, t.department_code, t.cityhall_id, t.demo, t.disabled`);

type Params = { q?: string; limit: number; includeDisabled?: boolean };

async function searchPlaces(db: Db, table: PlaceTable, params: Params, extra?: { select: SQL; join?: SQL }): Promise<PlaceSuggestion[]> {
  const rows = await rankedSearch<PlaceSuggestion & Record<string, unknown>>(
    db,
    {
      select: extra ? sql`${PLACE_COLUMNS}, ${extra.select}` : PLACE_COLUMNS,
      from: sql`${table} t ${extra?.join ?? sql``}`,
      column: sql`t.search_name`,
      // Disabled partners leave every picker, except the directory's own when it asks for them.
      where: params.includeDisabled ? undefined : sql`NOT t.disabled`,
      order: sql`t.name, t.id`,
    },
    params.q,
    params.limit,
  );
  // The flag is only news to the directory's own pickers; the others only ever see enabled places.
  return rows.map(({ disabled, ...r }) => ({
    ...r,
    id: Number(r.id),
    cityhall_id: r.cityhall_id === null ? null : Number(r.cityhall_id),
    ...(params.includeDisabled ? { disabled: Boolean(disabled) } : {}),
  }));
}

export const searchConsulates = (db: Db, p: Params) =>
  searchPlaces(db, consulates, p, { select: sql`t.reference_country_id` });
export const searchCrematoriums = (db: Db, p: Params) => searchPlaces(db, crematoriums, p);
export const searchFuneralParlors = (db: Db, p: Params) => searchPlaces(db, funeralParlors, p);
export const searchGraveyards = (db: Db, p: Params) =>
  searchPlaces(db, graveyards, p, { select: sql`t.default_concession_type_id` });
export const searchHospitals = (db: Db, p: Params) =>
  searchPlaces(db, hospitals, p, { select: sql`t.agreement_location_type, t.agreement_location_id` });
export const searchPolices = (db: Db, p: Params) => searchPlaces(db, polices, p);
export const searchPrefectures = (db: Db, p: Params) => searchPlaces(db, prefectures, p);
export const searchRegionalHealthAuthorities = (db: Db, p: Params) => searchPlaces(db, regionalHealthAuthorities, p);
export const searchWorships = (db: Db, p: Params) =>
  searchPlaces(db, worships, p, {
    select: sql`wt.code AS worship_type`,
    join: sql`LEFT JOIN worship_types wt ON wt.id = t.worship_type_id`,
  });

export async function searchFuneralWorkTypes(db: Db, p: Params) {
  const rows = await rankedSearch<{ id: number; code: string; name: string }>(
    db,
    { select: sql`t.id, t.name, t.code`, from: sql`${funeralWorkTypes} t`, column: sql`t.search_name`, order: sql`t.name` },
    p.q,
    p.limit,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
