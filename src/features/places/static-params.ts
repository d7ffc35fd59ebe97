import { DEFAULT_LOCALE } from "@/domain/locales";
import { communeSlug, departmentSlug } from "@/domain/slug";
import { getDb } from "@/server/db/client";
import { listDepartmentLinks, listMostPopulatedCommunes } from "@/server/services/places-page";

/** How many commune pages are built ahead of the first visit on the French host, the most populated first. */
export const PRERENDERED_COMMUNES = 1000;
/**
 * On the other locale hosts only the largest towns are built ahead. It cannot be none:
 * Next.js builds nothing for a route as soon as one locale generates no value.
 */
export const PRERENDERED_COMMUNES_OTHER_LOCALES = 20;

/**
 * The pages built at build time: on the French host, the 1,000 most populated communes
 * and every département; on the others, the largest towns. Everything else is rendered
 * on its first visit and then kept (incremental static regeneration).
 */
export async function placeStaticParams(locale: string): Promise<Array<{ place: string }>> {
  const db = await getDb();
  if (locale !== DEFAULT_LOCALE) {
    const communes = await listMostPopulatedCommunes(db, PRERENDERED_COMMUNES_OTHER_LOCALES);
    return communes.map((c) => ({ place: communeSlug(c.name, c.inseeCode) }));
  }
  const communes = await listMostPopulatedCommunes(db, PRERENDERED_COMMUNES);
  const departments = await listDepartmentLinks(db);
  return [
    ...communes.map((c) => ({ place: communeSlug(c.name, c.inseeCode) })),
    ...departments.map((d) => ({ place: departmentSlug(d.name, d.code) })),
  ];
}
