import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { localeOrDefault } from "@/domain/locales";
import { buildMetadata } from "@/shared/seo/metadata";
import { Container } from "@/ui/container";
import { Heading } from "@/ui/heading";

/** The perks pages: the family's (/app/avantages) and the funeral home's (/pro/avantages); private, never indexed. */
export type PerksPageKey = "family" | "pro";

/** Message namespaces the perks islands read in the browser. */
export const PERKS_MESSAGES = ["Perks"] as const;

export async function perksMetadata(localeParam: string, key: PerksPageKey, path: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: `Perks.${key}` });
  return buildMetadata({ locale, path, title: t("metaTitle"), description: t("intro"), noindex: true });
}

/** The page's frame: its heading and what it is for, then the island. */
export async function PerksPage({ pageKey, children }: { pageKey: PerksPageKey; children: ReactNode }) {
  const t = await getTranslations(`Perks.${pageKey}`);
  return (
    <Container width={pageKey === "pro" ? "wide" : "form"} className="py-8">
      <Heading level={1}>{t("heading")}</Heading>
      <p className="mt-2 mb-6 max-w-prose text-lg text-ink-soft">{t("intro")}</p>
      {children}
    </Container>
  );
}
