import { cache } from "react";
import { communeSlug, departmentSlug, parsePlaceSlug } from "@/domain/slug";
import { getDb } from "@/server/db/client";
import { getCommunePageData, getDepartmentPageData } from "@/server/services/places-page";
import { buildCommuneView, buildDepartmentView, type CommuneView, type DepartmentView } from "./commune-view";

export type LoadedPlace =
  | { kind: "commune"; view: CommuneView }
  | { kind: "department"; view: DepartmentView }
  /** The code is right but the name part is not the current one (renamed commune, typo, upper case). */
  | { kind: "moved"; slug: string }
  | { kind: "missing" };

/**
 * A /pompes-funebres/{place} page from its URL segment, read once per render (metadata
 * and page share it). The code in the segment decides; the name must be the current one.
 */
export const loadPlace = cache(async (rawSlug: string, includeUnpublished: boolean): Promise<LoadedPlace> => {
  const parsed = parsePlaceSlug(rawSlug);
  if (!parsed) return { kind: "missing" };
  const db = await getDb();
  if (parsed.kind === "commune") {
    const data = await getCommunePageData(db, parsed.inseeCode, { includeUnpublished });
    if (!data) return { kind: "missing" };
    const canonical = communeSlug(data.commune.name, data.commune.inseeCode);
    if (canonical !== rawSlug) return { kind: "moved", slug: canonical };
    return { kind: "commune", view: buildCommuneView(data) };
  }
  const data = await getDepartmentPageData(db, parsed.code, { includeUnpublished });
  if (!data) return { kind: "missing" };
  const canonical = departmentSlug(data.department.name, data.department.code);
  if (canonical !== rawSlug) return { kind: "moved", slug: canonical };
  return { kind: "department", view: buildDepartmentView(data) };
});
