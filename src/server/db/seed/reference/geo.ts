import { sql } from "drizzle-orm";
import { toSlug } from "@/domain/schemas/common";
import type { Db } from "@/server/db/client";
import { cityhallPostalCodes, cityhalls, departments, regions } from "@/server/db/schema/geo";
import { insertInBatches } from "@/server/db/seed/batch";
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
    departmentRows.map((d) => ({ code: d.code, name: d.nom, slug: `${toSlug(d.nom)}-${d.code.toLowerCase()}`, regionCode: d.region })),
  );

  const regionCodes = new Set(regionRows.map((r) => r.code));
  const slugs = uniqueSlugs(communes);
  const rows = communes.map((c) => ({
    name: c.nom,
    slug: slugs.get(c.code)!,
    inseeCode: c.code,
    postalCodes: c.codesPostaux ?? [],
    postalCode: c.codesPostaux?.[0] ?? null,
    city: c.nom,
    departmentCode: c.departement!,
    regionCode: c.region && regionCodes.has(c.region) ? c.region : null,
    population: c.population ?? null,
    countryCode: "fr",
  }));
  await insertInBatches(db, cityhalls, rows, 1000);

  // Postal codes one per row, joined on the INSEE code in SQL rather than carrying 35,000 ids back.
  const pairs = communes.flatMap((c) => (c.codesPostaux ?? []).map((postalCode) => ({ insee: c.code, postalCode })));
  for (let start = 0; start < pairs.length; start += 2000) {
    const chunk = pairs.slice(start, start + 2000);
    await db.execute(sql`
      INSERT INTO ${cityhallPostalCodes} (cityhall_id, postal_code)
      SELECT c.id, v."postalCode"
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS v(insee text, "postalCode" text)
      JOIN ${cityhalls} c ON c.insee_code = v.insee
      ON CONFLICT DO NOTHING`);
  }
  return { regions: regionRows.length, departments: departmentRows.length, cityhalls: rows.length };
}

/** "lyon"; a name several communes share gets its département ("saint-denis-93"), then its INSEE code. */
function uniqueSlugs(communes: EtalabCommune[]): Map<string, string> {
  const byBase = new Map<string, EtalabCommune[]>();
  for (const c of communes) {
    const base = toSlug(c.nom);
    byBase.set(base, [...(byBase.get(base) ?? []), c]);
  }
  const result = new Map<string, string>();
  const taken = new Set<string>();
  // The most populated commune of a shared name keeps the short slug people type.
  for (const [base, group] of byBase) {
    group.sort((a, b) => (b.population ?? 0) - (a.population ?? 0));
    group.forEach((c, index) => {
      let slug = index === 0 ? base : `${base}-${c.departement!.toLowerCase()}`;
      if (taken.has(slug)) slug = `${base}-${c.code.toLowerCase()}`;
      if (taken.has(slug)) slug = `commune-${c.code.toLowerCase()}`;
      taken.add(slug);
      result.set(c.code, slug);
    });
  }
  return result;
}
