import { sql } from "drizzle-orm";
import type { Locale } from "@/domain/locales";
import type { CityhallDetail, CityhallSummary } from "@/domain/schemas/cityhall";
import type { Country } from "@/domain/schemas/country";
import type { Department } from "@/domain/schemas/department";
import { isInseeCode, parsePlaceSlug } from "@/domain/slug";
import type { Db } from "@/server/db/client";
import { getCityhallSuggestions } from "@/server/services/autocompletes/cityhalls";
import { queryRows } from "@/server/db/query";
import { findCommuneRecord, listCommuneRecords, type CommuneRecord } from "@/server/services/communes/commune-record";

/** Public data of the website: communes, countries and départements for the place and repatriation pages. */

function toCityhall(commune: CommuneRecord): CityhallSummary {
  return {
    id: commune.id,
    name: commune.name,
    slug: commune.slug,
    insee_code: commune.inseeCode,
    postal_codes: commune.postalCodes,
    department: { code: commune.departmentCode, name: commune.departmentName },
    region: commune.regionCode ? { code: commune.regionCode, name: commune.regionName ?? "" } : null,
    population: commune.population,
  };
}

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
  const commune = await findCommuneRecord(db, sql`${condition} AND NOT c.disabled`);
  if (!commune) return null;
  const cityhall = toCityhall(commune);
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
    const communes = await listCommuneRecords(db, sql`c.department_code = ${params.department.toUpperCase()} AND NOT c.disabled`, {
      orderBy: sql`c.population DESC NULLS LAST, c.name`,
      limit: params.limit,
    });
    return communes.map(toCityhall);
  }
  const suggestions = await getCityhallSuggestions(db, { q: params.q, limit: params.department ? 50 : params.limit });
  const ids = suggestions
    .filter((s) => !params.department || s.department.code === params.department.toUpperCase())
    .slice(0, params.limit)
    .map((s) => s.id);
  if (ids.length === 0) return [];
  const communes = await listCommuneRecords(db, sql`c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const byId = new Map(communes.map((c) => [c.id, toCityhall(c)]));
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
