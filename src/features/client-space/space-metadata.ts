import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { localeOrDefault } from "@/domain/locales";
import { buildMetadata } from "@/shared/seo/metadata";

/** Metadata of a client-space page: private, never indexed; words in ClientSpace.meta.<key>. */
export async function spaceMetadata(localeParam: string, key: "dashboard" | "newProcedure" | "procedure", path: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: "ClientSpace.meta" });
  return buildMetadata({ locale, path, title: t(`${key}.title`), description: t(`${key}.description`), noindex: true });
}

/** Message namespaces the client-space islands read in the browser. */
export const CLIENT_SPACE_MESSAGES = ["Auth.signOut", "ClientSpace", "Companies", "DocumentTypes", "Procedures.rules", "Procedures.checklist", "Family", "Payments.entry"] as const;
