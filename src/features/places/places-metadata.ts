import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { type Locale, localeOrDefault } from "@/domain/locales";
import type { CommuneView, DepartmentView } from "./commune-view";

/** Titles and descriptions of the place pages, for the route's metadata and structured data. */
export interface PlaceSeoText {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  /** Kept out of search results (a search result list is not a page of its own). */
  noindex?: boolean;
}


export async function placesIndexSeo(localeParam: string, options: { searched: boolean; communes: number }): Promise<PlaceSeoText> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: "Places.index" });
  return { locale, path: paths.funeralIndex(), title: t("title"), description: t("description", { count: options.communes }), noindex: options.searched };
}

export async function communeSeo(localeParam: string, view: CommuneView): Promise<PlaceSeoText> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: "Places.commune" });
  const values = { commune: view.commune.name, postalCode: view.postalCode ?? view.department.code, department: view.department.name };
  return { locale, path: view.path, title: t("title", values), description: t("description", values) };
}

export async function departmentSeo(localeParam: string, view: DepartmentView): Promise<PlaceSeoText> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: "Places.department" });
  const values = { department: view.department.name, code: view.department.code, count: view.communes.length };
  return { locale, path: view.path, title: t("title", values), description: t("description", values) };
}
