import departements from "@etalab/decoupage-administratif/data/departements.json";
import { hasPlacePage } from "@/domain/slug";
import { getDb } from "@/server/db/client";
import { listCommunesOfDepartment, listDepartmentLinks } from "@/server/services/places-page";
import { communePath, departmentPath } from "./commune-view";

/**
 * Sitemap families of /pompes-funebres: one per département, so each file stays a few
 * megabytes (every commune page exists in the 11 locales, hence 11 URLs per commune, and
 * the registry splits any family over 50,000 URLs), plus one for the département pages.
 * The département list is the official one the database was seeded from; a family whose
 * département has no commune yields no file. Each is a sitemap source (name + entries).
 */

export const PLACES_SITEMAP_PREFIX = "pompes-funebres";

const DEPARTMENT_CODES: readonly string[] = (departements as Array<{ code: string }>)
  .map((d) => d.code)
  .filter(hasPlacePage);

export interface PlacesSitemapFamily {
  name: string;
  entries: () => Promise<Array<{ path: string; changeFrequency: "monthly"; priority: number }>>;
}

export function communesSitemapFamily(departmentCode: string): PlacesSitemapFamily {
  return {
    name: `${PLACES_SITEMAP_PREFIX}-${departmentCode.toLowerCase()}`,
    entries: async () => {
      const communes = await listCommunesOfDepartment(await getDb(), departmentCode);
      return communes.map((c) => ({ path: communePath(c.name, c.inseeCode), changeFrequency: "monthly" as const, priority: 0.6 }));
    },
  };
}

export const departmentsSitemapFamily: PlacesSitemapFamily = {
  name: `${PLACES_SITEMAP_PREFIX}-departements`,
  entries: async () => {
    const list = await listDepartmentLinks(await getDb());
    return list.map((d) => ({ path: departmentPath(d.name, d.code), changeFrequency: "monthly" as const, priority: 0.6 }));
  },
};

export function placesSitemapFamilies(): PlacesSitemapFamily[] {
  return [departmentsSitemapFamily, ...DEPARTMENT_CODES.map(communesSitemapFamily)];
}
