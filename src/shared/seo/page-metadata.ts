import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type Locale, localeOrDefault } from "@/domain/locales";
import { buildMetadata } from "./metadata";

/** Metadata of a page whose title and description live in the Pages.<key> messages. */
export async function pageMetadata(
  localeParam: string,
  key: string,
  path: string,
  options: { values?: Record<string, string>; availableLocales?: Locale[]; noindex?: boolean; absoluteTitle?: boolean } = {},
): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: "Pages" });
  return buildMetadata({
    locale,
    path,
    title: options.absoluteTitle ? { absolute: t(`${key}.title`, options.values) } : t(`${key}.title`, options.values),
    description: t(`${key}.description`, options.values),
    availableLocales: options.availableLocales,
    noindex: options.noindex,
  });
}
