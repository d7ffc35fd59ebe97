import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { localeOrDefault } from "@/domain/locales";
import { buildMetadata } from "@/shared/seo/metadata";
import { Container } from "@/ui/container";
import { Heading } from "@/ui/heading";

/** The deal-extras pages a family or a supplier opens from an e-mail: private, never indexed. */
export type ExtrasPageKey = "familyReview" | "familySuggestions" | "answer";

/** Message namespaces these pages' islands read in the browser. */
export const DEAL_EXTRAS_MESSAGES = ["DealExtras"] as const;

export async function extrasPageMetadata(localeParam: string, key: ExtrasPageKey, path: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: `DealExtras.${key}` });
  return buildMetadata({ locale, path, title: t("metaTitle"), description: t("intro"), noindex: true });
}

/** The page's frame: its heading and what it is for, then the island. */
export async function ExtrasPage({ pageKey, children }: { pageKey: ExtrasPageKey; children: ReactNode }) {
  const t = await getTranslations(`DealExtras.${pageKey}`);
  return (
    <Container width="form" className="py-8">
      <Heading level={1}>{t("heading")}</Heading>
      <p className="mt-2 mb-6 text-lg">{t("intro")}</p>
      {children}
    </Container>
  );
}
