import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { localeOrDefault } from "@/domain/locales";

/**
 * Metadata of the sign-in journey pages SPEC §2 does not list (their titles live in
 * Auth.meta / Pro.meta). Kept out of search results, and without a Referer: the reset
 * page holds its token in the address until its script removes it.
 */
export async function authPageMetadata(localeParam: string, namespace: "Auth.meta" | "Pro.meta", key: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace });
  return {
    title: `${t(`${key}.title`)} | ${BRAND}`,
    description: t(`${key}.description`),
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}
