import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { buildMetadata } from "@/shared/seo/metadata";
import { Container } from "@/ui/container";
import { Heading } from "@/ui/heading";

/** Message namespaces the family page's islands read in the browser. */
export const FAMILY_MEMORIAL_MESSAGES = ["Memorial"] as const;

export async function familyMemorialMetadata(localeParam: string, dealId: string): Promise<Metadata> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: "Memorial.family" });
  return buildMetadata({ locale, path: paths.memorial(dealId), title: t("metaTitle"), description: t("intro"), noindex: true });
}

/** The family page's frame: its heading and what it is for, then the island. */
export async function FamilyMemorialFrame({ children }: { children: ReactNode }) {
  const t = await getTranslations("Memorial.family");
  return (
    <Container width="form" className="py-8">
      <Heading level={1}>{t("heading")}</Heading>
      <p className="mt-2 mb-6 text-lg text-ink-soft">{t("intro")}</p>
      {children}
    </Container>
  );
}
