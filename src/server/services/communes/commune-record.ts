import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";

/**
 * The one read model of a commune (a `cityhalls` row with its département and région),
 * shared by the website API, the place pages, the quote catalogue and the autocomplete so
 * they cannot disagree. The région is always the département's: a commune belongs to the
 * région of its département, whatever its own region_code column says.
 */
export interface CommuneRecord {
  id: number;
  name: string;
  slug: string;
  inseeCode: string;
  postalCode: string | null;
  postalCodes: string[];
  population: number | null;
  latitude: number | null;
  longitude: number | null;
  /** Town hall contact, when known. */
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  departmentCode: string;
  departmentName: string;
  regionCode: string | null;
  regionName: string | null;
}

/** A row of COMMUNE_COLUMNS, as the driver returns it. */
export interface CommuneRow {
  id: number;
  name: string;
  slug: string;
  insee_code: string;
  postal_code: string | null;
  postal_codes: string[] | null;
  population: number | null;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  department_code: string;
  department_name: string;
  region_code: string | null;
  region_name: string | null;
}

/** Columns and joins of the read model, as text for the prepared statements of the autocomplete. */
export const COMMUNE_COLUMNS = `c.id, c.name, c.slug, c.insee_code, c.postal_code, c.postal_codes, c.population, c.latitude, c.longitude,
    c.address, c.phone, c.email, c.website,
    d.code AS department_code, d.name AS department_name, r.code AS region_code, r.name AS region_name`;
export const COMMUNE_JOINS = `JOIN departments d ON d.code = c.department_code LEFT JOIN regions r ON r.code = d.region_code`;

const COMMUNE_SELECT = sql.raw(`SELECT ${COMMUNE_COLUMNS} FROM cityhalls c ${COMMUNE_JOINS}`);

const num = (value: number | null) => (value === null ? null : Number(value));

export function toCommuneRecord(row: CommuneRow): CommuneRecord {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    inseeCode: row.insee_code,
    postalCode: row.postal_code,
    postalCodes: row.postal_codes ?? [],
    population: num(row.population),
    latitude: num(row.latitude),
    longitude: num(row.longitude),
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    departmentCode: row.department_code,
    departmentName: row.department_name,
    regionCode: row.region_code,
    regionName: row.region_name,
  };
}

/** Communes matching `where` (on `c`, the cityhalls row), in `orderBy` order when given. */
export async function listCommuneRecords(db: Db, where: SQL, options: { orderBy?: SQL; limit?: number } = {}): Promise<CommuneRecord[]> {
  const rows = await queryRows<CommuneRow>(
    db,
    sql`${COMMUNE_SELECT} WHERE ${where}${options.orderBy ? sql` ORDER BY ${options.orderBy}` : sql``}${options.limit !== undefined ? sql` LIMIT ${options.limit}` : sql``}`,
  );
  return rows.map(toCommuneRecord);
}

/** The first commune matching `where`, or null. */
export async function findCommuneRecord(db: Db, where: SQL): Promise<CommuneRecord | null> {
  return (await listCommuneRecords(db, where, { limit: 1 }))[0] ?? null;
}
