import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { DEPARTMENTS_WITHOUT_PLACE_PAGES } from "@/domain/slug";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { findCommuneRecord, type CommuneRecord } from "@/server/services/communes/commune-record";

/**
 * Data of the /pompes-funebres pages: a commune with the partner places around it and
 * their prices (for the local estimate), a département with its communes, the index by
 * région. Partners flagged `disabled` are unpublished: they only show in preview mode.
 */

const WITHOUT_PAGES = sql.join(
  DEPARTMENTS_WITHOUT_PLACE_PAGES.map((code) => sql`${code}`),
  sql`, `,
);

export interface PlacesVisibility {
  /** Preview mode: unpublished (disabled) partners are listed too, marked as such. */
  includeUnpublished?: boolean;
}

export type { CommuneRecord };

export type PartnerKind = "funeralParlor" | "crematorium" | "graveyard" | "hospital";

export interface PartnerRecord {
  kind: PartnerKind;
  id: number;
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  phone: string | null;
  website: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The partner is in the commune itself, or (graveyards) serves it. */
  inCommune: boolean;
  inDepartment: boolean;
  demo: boolean;
  /** Unpublished; only returned in preview mode. */
  disabled: boolean;
}

export interface ParlorStayPrice {
  funeralParlorId: number;
  admissionPriceCents: number;
  pricePerDayCents: number;
}

export interface CremationPrice {
  crematoriumId: number;
  minAge: number;
  maxAge: number | null;
  priceCents: number;
  /** Price for residents of the communes listed by the crematorium; null when it has none. */
  reducedPriceCents: number | null;
  /** The commune of the page is one of those communes. */
  reducedForCommune: boolean;
}

export interface ConcessionPrice {
  graveyardId: number;
  /** Kind as stored: ground, vault, columbarium, urn_grave. */
  kind: string;
  label: string;
  termYears: number | null;
  priceCents: number;
}

export interface LocalPrices {
  parlorStays: ParlorStayPrice[];
  cremations: CremationPrice[];
  concessions: ConcessionPrice[];
}

export interface NeighbourCommune {
  name: string;
  inseeCode: string;
  population: number | null;
}

export interface CommunePageData {
  commune: CommuneRecord;
  partners: PartnerRecord[];
  prices: LocalPrices;
  neighbours: NeighbourCommune[];
}

/** A commune by its INSEE code (upper case for Corsica); null when unknown or withdrawn. */
export async function findCommune(db: Db, inseeCode: string): Promise<CommuneRecord | null> {
  return findCommuneRecord(db, sql`c.insee_code = ${inseeCode} AND NOT c.disabled AND c.department_code NOT IN (${WITHOUT_PAGES})`);
}

const PARTNER_TABLES: Record<PartnerKind, string> = {
  funeralParlor: "funeral_parlors",
  crematorium: "crematoriums",
  graveyard: "graveyards",
  hospital: "hospitals",
};

interface PartnerRow {
  id: number;
  name: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
  website: string | null;
  latitude: number | null;
  longitude: number | null;
  in_commune: boolean;
  in_department: boolean;
  demo: boolean;
  disabled: boolean;
}

/** How many places of each kind are read around a commune before the nearest are kept. */
const PARTNERS_READ_PER_KIND = 60;

async function partnersAround(db: Db, kind: PartnerKind, commune: CommuneRecord, options: PlacesVisibility): Promise<PartnerRecord[]> {
  const table = sql.identifier(PARTNER_TABLES[kind]);
  // An intercommunal graveyard lists the communes it serves.
  const serves = kind === "graveyard" ? sql`OR ${commune.id} = ANY(p.cityhall_ids)` : sql``;
  const inCommune = sql`(p.cityhall_id = ${commune.id} ${serves})`;
  const region: SQL = commune.regionCode
    ? sql`p.department_code IN (SELECT code FROM departments WHERE region_code = ${commune.regionCode})`
    : sql`p.department_code = ${commune.departmentCode}`;
  const rows = await queryRows<PartnerRow>(db, sql`
    SELECT p.id, p.name, p.address, p.postal_code, p.city, p.phone, p.website, p.latitude, p.longitude,
      coalesce(${inCommune}, false) AS in_commune, coalesce(p.department_code = ${commune.departmentCode}, false) AS in_department,
      p.demo, p.disabled
    FROM ${table} p
    WHERE (${inCommune} OR ${region}) ${options.includeUnpublished ? sql`` : sql`AND NOT p.disabled`}
    ORDER BY in_commune DESC, in_department DESC, p.name, p.id
    LIMIT ${PARTNERS_READ_PER_KIND}`);
  return rows.map((r) => toPartner(kind, r));
}

function toPartner(kind: PartnerKind, r: PartnerRow): PartnerRecord {
  return {
    kind,
    id: Number(r.id),
    name: r.name,
    address: r.address,
    postalCode: r.postal_code,
    city: r.city,
    phone: r.phone,
    website: r.website,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    inCommune: Boolean(r.in_commune),
    inDepartment: Boolean(r.in_department),
    demo: Boolean(r.demo),
    disabled: Boolean(r.disabled),
  };
}

function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

async function localPrices(db: Db, commune: CommuneRecord, partners: readonly PartnerRecord[]): Promise<LocalPrices> {
  const ids = (kind: PartnerKind) => partners.filter((p) => p.kind === kind).map((p) => p.id);
  const parlorIds = ids("funeralParlor");
  const crematoriumIds = ids("crematorium");
  const graveyardIds = ids("graveyard");
  const parlorStays =
    parlorIds.length === 0
      ? []
      : (
          await queryRows<{ funeral_parlor_id: number; admission_price_cents: number; price_per_day_cents: number }>(db, sql`
            SELECT funeral_parlor_id, admission_price_cents, price_per_day_cents FROM funeral_parlor_stays
            WHERE funeral_parlor_id IN (${idList(parlorIds)}) ORDER BY funeral_parlor_id, price_per_day_cents`)
        ).map((r) => ({
          funeralParlorId: Number(r.funeral_parlor_id),
          admissionPriceCents: Number(r.admission_price_cents),
          pricePerDayCents: Number(r.price_per_day_cents),
        }));
  const cremations =
    crematoriumIds.length === 0
      ? []
      : (
          await queryRows<{ crematorium_id: number; min_age: number; max_age: number | null; price_cents: number; reduced_price_cents: number | null; reduced: boolean }>(db, sql`
            SELECT a.crematorium_id, a.min_age, a.max_age, a.price_cents, a.reduced_price_cents,
              (${commune.id} = ANY(k.reduced_price_cityhall_ids)) AS reduced
            FROM crematorium_age_ranges a JOIN crematoriums k ON k.id = a.crematorium_id
            WHERE a.crematorium_id IN (${idList(crematoriumIds)}) ORDER BY a.crematorium_id, a.min_age`)
        ).map((r) => ({
          crematoriumId: Number(r.crematorium_id),
          minAge: Number(r.min_age),
          maxAge: r.max_age === null ? null : Number(r.max_age),
          priceCents: Number(r.price_cents),
          reducedPriceCents: r.reduced_price_cents === null ? null : Number(r.reduced_price_cents),
          reducedForCommune: Boolean(r.reduced),
        }));
  const concessions =
    graveyardIds.length === 0
      ? []
      : (
          await queryRows<{ graveyard_id: number; kind: string; type_name: string; term_label: string; duration_years: number | null; price_cents: number }>(db, sql`
            SELECT g.graveyard_id, t.kind, t.name AS type_name, m.label AS term_label, m.duration_years, g.price_cents
            FROM graveyard_concessions g
            JOIN concession_types t ON t.id = g.concession_type_id
            JOIN graveyard_concession_terms m ON m.id = g.concession_term_id
            WHERE g.graveyard_id IN (${idList(graveyardIds)}) ORDER BY g.graveyard_id, t.kind, m.duration_years`)
        ).map((r) => ({
          graveyardId: Number(r.graveyard_id),
          kind: String(r.kind),
          label: `${r.type_name}, ${r.term_label}`,
          termYears: r.duration_years === null ? null : Number(r.duration_years),
          priceCents: Number(r.price_cents),
        }));
  return { parlorStays, cremations, concessions };
}

const NEIGHBOURS = 8;

interface EtalabEpci {
  membres: Array<{ code: string }>;
}

let epciMembers: Map<string, readonly string[]> | null | undefined;

/**
 * INSEE code → the communes of its intercommunality (EPCI), from the official split the
 * communes were seeded from. Read once, lazily; null when the package's file is missing.
 */
function intercommunalities(): Map<string, readonly string[]> | null {
  if (epciMembers !== undefined) return epciMembers;
  try {
    // Resolved from the project root at run time, like the seed does, so bundlers leave the 4 MB file out.
    const file = createRequire(join(process.cwd(), "package.json")).resolve("@etalab/decoupage-administratif/data/epci.json");
    const list = JSON.parse(readFileSync(file, "utf8")) as EtalabEpci[];
    const map = new Map<string, readonly string[]>();
    for (const epci of list) {
      const codes = epci.membres.map((m) => m.code);
      for (const code of codes) map.set(code, codes);
    }
    epciMembers = map;
  } catch {
    epciMembers = null;
  }
  return epciMembers;
}

type NeighbourRow = { name: string; insee_code: string; population: number | null };

const toNeighbour = (r: NeighbourRow): NeighbourCommune => ({
  name: r.name,
  inseeCode: r.insee_code,
  population: r.population === null ? null : Number(r.population),
});

/**
 * Communes near a commune. With coordinates, the nearest in its département. Without,
 * the other communes of its intercommunality (they share borders and services), the
 * most populated first, completed by those whose postal code is closest to its own.
 */
async function neighboursOf(db: Db, commune: CommuneRecord): Promise<NeighbourCommune[]> {
  if (commune.latitude !== null && commune.longitude !== null) {
    // Equirectangular distance: enough to rank places a few dozen kilometres apart.
    const rows = await queryRows<NeighbourRow>(db, sql`
      SELECT c.name, c.insee_code, c.population FROM cityhalls c
      WHERE c.department_code = ${commune.departmentCode} AND c.id <> ${commune.id} AND NOT c.disabled
        AND c.latitude IS NOT NULL AND c.longitude IS NOT NULL
      ORDER BY power(c.latitude - ${commune.latitude}, 2) + power((c.longitude - ${commune.longitude}) * cos(radians(${commune.latitude})), 2)
      LIMIT ${NEIGHBOURS}`);
    if (rows.length > 0) return rows.map(toNeighbour);
  }
  const found: NeighbourCommune[] = [];
  const members = (intercommunalities()?.get(commune.inseeCode) ?? []).filter((code) => code !== commune.inseeCode);
  if (members.length > 0) {
    const rows = await queryRows<NeighbourRow>(db, sql`
      SELECT c.name, c.insee_code, c.population FROM cityhalls c
      WHERE c.insee_code IN (${sql.join(members.map((code) => sql`${code}`), sql`, `)}) AND NOT c.disabled
      ORDER BY c.population DESC NULLS LAST, c.name
      LIMIT ${NEIGHBOURS}`);
    found.push(...rows.map(toNeighbour));
  }
  if (found.length < NEIGHBOURS && commune.postalCode && /^\d{5}$/.test(commune.postalCode)) {
    const skip = [commune.inseeCode, ...found.map((n) => n.inseeCode)];
    const rows = await queryRows<NeighbourRow>(db, sql`
      SELECT c.name, c.insee_code, c.population FROM cityhalls c
      WHERE c.department_code = ${commune.departmentCode} AND NOT c.disabled
        AND c.insee_code NOT IN (${sql.join(skip.map((code) => sql`${code}`), sql`, `)})
        AND c.postal_code ~ '^[0-9]{5}$'
      ORDER BY abs(c.postal_code::int - ${Number(commune.postalCode)}), c.population DESC NULLS LAST, c.name
      LIMIT ${NEIGHBOURS - found.length}`);
    found.push(...rows.map(toNeighbour));
  }
  return found;
}

/** Everything a commune page shows; null for an unknown commune. */
export async function getCommunePageData(db: Db, inseeCode: string, options: PlacesVisibility = {}): Promise<CommunePageData | null> {
  const commune = await findCommune(db, inseeCode);
  if (!commune) return null;
  const partners: PartnerRecord[] = [];
  for (const kind of Object.keys(PARTNER_TABLES) as PartnerKind[]) {
    partners.push(...(await partnersAround(db, kind, commune, options)));
  }
  const prices = await localPrices(db, commune, partners);
  const neighbours = await neighboursOf(db, commune);
  return { commune, partners, prices, neighbours };
}

export interface DepartmentRecord {
  code: string;
  name: string;
  regionCode: string;
  regionName: string;
}

export interface DepartmentPageData {
  department: DepartmentRecord;
  /** Every commune of the département, the most populated first. */
  communes: NeighbourCommune[];
  partners: PartnerRecord[];
}

export async function getDepartmentPageData(db: Db, code: string, options: PlacesVisibility = {}): Promise<DepartmentPageData | null> {
  const rows = await queryRows<{ code: string; name: string; region_code: string; region_name: string }>(db, sql`
    SELECT d.code, d.name, r.code AS region_code, r.name AS region_name
    FROM departments d JOIN regions r ON r.code = d.region_code WHERE d.code = ${code} AND d.code NOT IN (${WITHOUT_PAGES}) LIMIT 1`);
  const row = rows[0];
  if (!row) return null;
  const communes = await queryRows<{ name: string; insee_code: string; population: number | null }>(db, sql`
    SELECT name, insee_code, population FROM cityhalls WHERE department_code = ${code} AND NOT disabled
    ORDER BY population DESC NULLS LAST, name`);
  const partners: PartnerRecord[] = [];
  for (const kind of Object.keys(PARTNER_TABLES) as PartnerKind[]) {
    const table = sql.identifier(PARTNER_TABLES[kind]);
    const found = await queryRows<PartnerRow>(db, sql`
      SELECT p.id, p.name, p.address, p.postal_code, p.city, p.phone, p.website, p.latitude, p.longitude,
        false AS in_commune, true AS in_department, p.demo, p.disabled
      FROM ${table} p WHERE p.department_code = ${code} ${options.includeUnpublished ? sql`` : sql`AND NOT p.disabled`}
      ORDER BY p.city, p.name LIMIT ${PARTNERS_READ_PER_KIND}`);
    partners.push(...found.map((r) => toPartner(kind, r)));
  }
  return {
    department: { code: row.code, name: row.name, regionCode: row.region_code, regionName: row.region_name },
    communes: communes.map((c) => ({ name: c.name, inseeCode: c.insee_code, population: c.population === null ? null : Number(c.population) })),
    partners,
  };
}

export interface IndexDepartment {
  code: string;
  name: string;
  communes: number;
}

export interface IndexRegion {
  code: string;
  name: string;
  departments: IndexDepartment[];
}

/** Régions and their départements (those with at least one commune), in code order. */
export async function listPlacesIndex(db: Db): Promise<IndexRegion[]> {
  const rows = await queryRows<{ region_code: string; region_name: string; code: string; name: string; communes: number }>(db, sql`
    SELECT r.code AS region_code, r.name AS region_name, d.code, d.name,
      (SELECT count(*)::int FROM cityhalls c WHERE c.department_code = d.code AND NOT c.disabled) AS communes
    FROM departments d JOIN regions r ON r.code = d.region_code
    WHERE d.code NOT IN (${WITHOUT_PAGES})
    ORDER BY r.name, d.code`);
  const regions = new Map<string, IndexRegion>();
  for (const row of rows) {
    if (Number(row.communes) === 0) continue;
    let region = regions.get(row.region_code);
    if (!region) {
      region = { code: row.region_code, name: row.region_name, departments: [] };
      regions.set(row.region_code, region);
    }
    region.departments.push({ code: row.code, name: row.name, communes: Number(row.communes) });
  }
  return [...regions.values()];
}

export interface CommuneLink {
  name: string;
  inseeCode: string;
}

/** The most populated communes: the pages built ahead of the first visit. */
export async function listMostPopulatedCommunes(db: Db, limit: number): Promise<CommuneLink[]> {
  const rows = await queryRows<{ name: string; insee_code: string }>(db, sql`
    SELECT name, insee_code FROM cityhalls WHERE NOT disabled AND department_code NOT IN (${WITHOUT_PAGES})
    ORDER BY population DESC NULLS LAST, insee_code LIMIT ${limit}`);
  return rows.map((r) => ({ name: r.name, inseeCode: r.insee_code }));
}

/** Every commune of a département, for its sitemap file. */
export async function listCommunesOfDepartment(db: Db, departmentCode: string): Promise<CommuneLink[]> {
  const rows = await queryRows<{ name: string; insee_code: string }>(db, sql`
    SELECT name, insee_code FROM cityhalls
    WHERE department_code = ${departmentCode} AND NOT disabled AND department_code NOT IN (${WITHOUT_PAGES}) ORDER BY insee_code`);
  return rows.map((r) => ({ name: r.name, inseeCode: r.insee_code }));
}

/** Every département with at least one commune. */
export async function listDepartmentLinks(db: Db): Promise<Array<{ code: string; name: string }>> {
  const rows = await queryRows<{ code: string; name: string }>(db, sql`
    SELECT d.code, d.name FROM departments d
    WHERE d.code NOT IN (${WITHOUT_PAGES}) AND EXISTS (SELECT 1 FROM cityhalls c WHERE c.department_code = d.code AND NOT c.disabled) ORDER BY d.code`);
  return rows.map((r) => ({ code: r.code, name: r.name }));
}

/** How many commune pages exist. */
export async function countCommunePages(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    SELECT count(*)::int AS n FROM cityhalls WHERE NOT disabled AND department_code NOT IN (${WITHOUT_PAGES})`);
  return Number(rows[0]?.n ?? 0);
}
