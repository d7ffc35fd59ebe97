import { sql } from "drizzle-orm";
import { toSlug } from "@/domain/schemas/common";
import { communeSlug, departmentSlug } from "@/domain/slug";
import type { Db } from "@/server/db/client";
import { cityhallPostalCodes, cityhalls, departments, regions } from "@/server/db/schema/geo";
import { insertInBatches } from "@/server/db/seed/batch";
import { withIndexesRebuilt } from "@/server/db/seed/bulk";
import { readPackageJson } from "@/server/db/seed/packages";

/** Régions, départements and every current commune from the official split (@etalab/decoupage-administratif). */

interface EtalabRegion {
  code: string;
  nom: string;
}
interface EtalabDepartment {
  code: string;
  nom: string;
  region: string;
}
interface EtalabCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  region?: string;
  population?: number;
  codesPostaux?: string[];
}

export async function seedGeography(db: Db): Promise<{ regions: number; departments: number; cityhalls: number }> {
  const regionRows = readPackageJson<EtalabRegion[]>("@etalab/decoupage-administratif/data/regions.json");
  const departmentRows = readPackageJson<EtalabDepartment[]>("@etalab/decoupage-administratif/data/departements.json");
  const communes = readPackageJson<EtalabCommune[]>("@etalab/decoupage-administratif/data/communes.json").filter(
    (c) => c.type === "commune-actuelle" && c.departement,
  );

  await insertInBatches(
    db,
    regions,
    regionRows.map((r) => ({ code: r.code, name: r.nom, slug: toSlug(r.nom) })),
  );
  await insertInBatches(
    db,
    departments,
    departmentRows.map((d) => ({ code: d.code, name: d.nom, slug: departmentSlug(d.nom, d.code), regionCode: d.region })),
  );

  const regionCodes = new Set(regionRows.map((r) => r.code));
  const rows = communes.map((c) => ({
    name: c.nom,
    // "lyon-69123": readable, and unique because of the INSEE code (src/domain/slug.ts).
    slug: communeSlug(c.nom, c.code),
    insee_code: c.code,
    postal_codes: c.codesPostaux ?? [],
    postal_code: c.codesPostaux?.[0] ?? null,
    department_code: c.departement!,
    region_code: c.region && regionCodes.has(c.region) ? c.region : null,
    population: c.population ?? null,
  }));
  // One JSON parameter per 5,000 communes: building a 35,000-row insert column by column in the
  // query builder costs seconds, PostgreSQL unpacks JSON in milliseconds.
  await withIndexesRebuilt(db, ["cityhalls", "cityhall_postal_codes"], async () => {
  for (let start = 0; start < rows.length; start += 5000) {
    const chunk = JSON.stringify(rows.slice(start, start + 5000));
    await db.execute(sql`
      INSERT INTO ${cityhalls} (name, city, slug, insee_code, postal_codes, postal_code, department_code, region_code, population, country_code)
      SELECT v.name, v.name, v.slug, v.insee_code, v.postal_codes, v.postal_code, v.department_code, v.region_code, v.population, 'fr'
      FROM jsonb_to_recordset(${chunk}::jsonb) AS v(name text, slug text, insee_code text, postal_codes text[], postal_code text, department_code text, region_code text, population integer)`);
    await db.execute(sql`
      INSERT INTO ${cityhallPostalCodes} (cityhall_id, postal_code)
      SELECT DISTINCT c.id, p.code
      FROM jsonb_to_recordset(${chunk}::jsonb) AS v(insee_code text, postal_codes text[])
      JOIN ${cityhalls} c ON c.insee_code = v.insee_code
      CROSS JOIN LATERAL unnest(v.postal_codes) AS p(code)`);
  }
  });
  return { regions: regionRows.length, departments: departmentRows.length, cityhalls: rows.length };
}
