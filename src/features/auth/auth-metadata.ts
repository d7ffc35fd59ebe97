import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "@/domain/locales";
import { buildMetadata } from "@/features/seo/metadata";

/**
 * Metadata of the sign-in journey pages SPEC §2 does not list (their titles live in
 * Auth.meta / Pro.meta). Never indexed: they are useless in search results.
 */
export async function authPageMetadata(localeParam: string, namespace: "Auth.meta" | "Pro.meta", key: string, path: string): Promise<Metadata> {
  const locale = isLocale(localeParam) ? localeParam : DEFAULT_LOCALE;
  const t = await getTranslations({ locale, namespace });
  return {
    ...buildMetadata({ locale, path, title: t(`${key}.title`), description: t(`${key}.description`), noindex: true }),
    // Reset pages carry a token in their address until the script removes it: never leak it.
    referrer: "no-referrer",
  };
}
