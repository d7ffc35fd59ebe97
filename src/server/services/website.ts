import { sql } from "drizzle-orm";
import type { Locale } from "@/domain/locales";
import type { CityhallDetail, CityhallSummary } from "@/domain/schemas/cityhall";
import type { Country } from "@/domain/schemas/country";
import type { Department } from "@/domain/schemas/department";
import { isInseeCode, parsePlaceSlug } from "@/domain/slug";
import type { Db } from "@/server/db/client";
import { getCityhallSuggestions } from "@/server/services/autocompletes/cityhalls";
import { queryRows } from "@/server/db/query";

/** Public data of the website: communes, countries and départements for the place and repatriation pages. */

interface CityhallRow {
  id: number;
  name: string;
  slug: string;
  insee_code: string;
  postal_codes: string[];
  population: number | null;
  department_code: string;
  department_name: string;
  region_code: string | null;
  region_name: string | null;
}

function toCityhall(row: CityhallRow): CityhallSummary {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    insee_code: row.insee_code,
    postal_codes: row.postal_codes ?? [],
    department: { code: row.department_code, name: row.department_name },
    region: row.region_code ? { code: row.region_code, name: row.region_name ?? "" } : null,
    population: row.population === null ? null : Number(row.population),
  };
}

const CITYHALL_SELECT = sql`
  SELECT c.id, c.name, c.slug, c.insee_code, c.postal_codes, c.population,
    d.code AS department_code, d.name AS department_name, r.code AS region_code, r.name AS region_name
  FROM cityhalls c JOIN departments d ON d.code = c.department_code LEFT JOIN regions r ON r.code = c.region_code`;

/** A commune by id, slug ("lyon-69123") or INSEE code ("2A004"), with the partners of its département; null when none. */
export async function getCityhall(db: Db, key: string): Promise<CityhallDetail | null> {
  const value = key.trim().toLowerCase();
  // A number is an id; a place slug is found by the INSEE code it ends with, so an
  // outdated name part still leads to the commune; "2A004" alone is an INSEE code.
  const place = parsePlaceSlug(value);
  const condition = /^\d{1,9}$/.test(value)
    ? sql`c.id = ${Number(value)}`
    : place?.kind === "commune"
      ? sql`c.insee_code = ${place.inseeCode}`
      : isInseeCode(value)
        ? sql`c.insee_code = ${value.toUpperCase()}`
        : sql`c.slug = ${value}`;
  const result = await queryRows<CityhallRow>(db, sql`${CITYHALL_SELECT} WHERE ${condition} AND NOT c.disabled LIMIT 1`);
  const row = result[0];
  if (!row) return null;
  const cityhall = toCityhall(row);
  const nearby = async (table: "funeral_parlors" | "crematoriums" | "graveyards") => {
    // Same commune first, then the rest of the département.
    const rows = await queryRows<{ id: number; name: string; city: string | null; postal_code: string | null; demo: boolean }>(db, sql`
      SELECT id, name, city, postal_code, demo FROM ${sql.identifier(table)}
      WHERE department_code = ${cityhall.department.code} AND NOT disabled
      ORDER BY (cityhall_id = ${cityhall.id}) DESC NULLS LAST, name LIMIT 10`);
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  };
  return {
    ...cityhall,
    nearby: { funeral_parlors: await nearby("funeral_parlors"), crematoriums: await nearby("crematoriums"), graveyards: await nearby("graveyards") },
  };
}

/** Communes matching a text (as the autocomplete), or the most populated of a département. */
export async function listCityhalls(db: Db, params: { q?: string; department?: string; limit: number }): Promise<CityhallSummary[]> {
  if (params.department && !params.q) {
    const result = await queryRows<CityhallRow>(db, sql`${CITYHALL_SELECT}
      WHERE c.department_code = ${params.department.toUpperCase()} AND NOT c.disabled
      ORDER BY c.population DESC NULLS LAST, c.name LIMIT ${params.limit}`);
    return result.map(toCityhall);
  }
  const suggestions = await getCityhallSuggestions(db, { q: params.q, limit: params.department ? 50 : params.limit });
  const ids = suggestions
    .filter((s) => !params.department || s.department.code === params.department.toUpperCase())
    .slice(0, params.limit)
    .map((s) => s.id);
  if (ids.length === 0) return [];
  const result = await queryRows<CityhallRow>(db, sql`${CITYHALL_SELECT} WHERE c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const byId = new Map(result.map((r) => [Number(r.id), toCityhall(r)]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** Every country named in `locale`, sorted the way a reader of that language expects. */
export async function listCountries(db: Db, params: { locale: Locale; code?: string }): Promise<Country[]> {
  const result = await queryRows<{ code: string; alpha3: string; slug: string; name: string }>(db, sql`
    SELECT code, alpha3, slug, names->>${params.locale} AS name FROM countries
    WHERE NOT disabled ${params.code ? sql`AND code = ${params.code}` : sql``}`);
  const collator = new Intl.Collator(params.locale);
  return result
    .map((r) => ({ id: r.code, code: r.code, name: r.name, slug: r.slug, alpha3: r.alpha3 }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export async function listDepartments(db: Db): Promise<Department[]> {
  const result = await queryRows<{ code: string; name: string; slug: string; region_code: string; region_name: string; cityhalls_count: number }>(db, sql`
    SELECT d.code, d.name, d.slug, r.code AS region_code, r.name AS region_name,
      (SELECT count(*)::int FROM cityhalls c WHERE c.department_code = d.code AND NOT c.disabled) AS cityhalls_count
    FROM departments d JOIN regions r ON r.code = d.region_code
    ORDER BY d.code`);
  return result.map((r) => ({
    id: r.code,
    code: r.code,
    name: r.name,
    slug: r.slug,
    region: { code: r.region_code, name: r.region_name },
    cityhalls_count: Number(r.cityhalls_count),
  }));
}
