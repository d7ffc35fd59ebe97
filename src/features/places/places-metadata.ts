import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale } from "@/domain/locales";
import { buildMetadata } from "@/features/seo/metadata";
import type { CommuneView, DepartmentView } from "./commune-view";

function localeOf(param: string) {
  return isLocale(param) ? param : DEFAULT_LOCALE;
}

/** The index; a search result (?q=) is not a page of its own: kept out of search engines, canonical on the index. */
export async function placesIndexMetadata(localeParam: string, options: { searched: boolean; communes: number }): Promise<Metadata> {
  const locale = localeOf(localeParam);
  const t = await getTranslations({ locale, namespace: "Places.index" });
  return buildMetadata({
    locale,
    path: paths.funeralIndex(),
    title: t("title"),
    description: t("description", { count: options.communes }),
    noindex: options.searched,
  });
}

export async function communeMetadata(localeParam: string, view: CommuneView): Promise<Metadata> {
  const locale = localeOf(localeParam);
  const t = await getTranslations({ locale, namespace: "Places.commune" });
  const values = { commune: view.commune.name, postalCode: view.postalCode ?? view.department.code, department: view.department.name };
  return buildMetadata({ locale, path: view.path, title: t("title", values), description: t("description", values) });
}

export async function communeDescription(localeParam: string, view: CommuneView): Promise<string> {
  const t = await getTranslations({ locale: localeOf(localeParam), namespace: "Places.commune" });
  return t("description", { commune: view.commune.name, postalCode: view.postalCode ?? view.department.code, department: view.department.name });
}

export async function departmentMetadata(localeParam: string, view: DepartmentView): Promise<Metadata> {
  const locale = localeOf(localeParam);
  const t = await getTranslations({ locale, namespace: "Places.department" });
  const values = { department: view.department.name, code: view.department.code, count: view.communes.length };
  return buildMetadata({ locale, path: view.path, title: t("title", values), description: t("description", values) });
}
