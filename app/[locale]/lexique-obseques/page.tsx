import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { pageMetadata } from "@/shared/seo/page-metadata";
import { definedTermSetJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { glossaryView } from "@/features/glossary/glossary-view";
import { GlossaryPage } from "@/features/glossary/glossary-page";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = await glossaryView((await params).locale);
  if (!view) return {};
  // Hosts without their own glossary show the English one; its URL is the canonical.
  return pageMetadata(view.contentLocale, "glossary", paths.glossary(), { availableLocales: view.availableLocales });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const view = await glossaryView(locale);
  if (!view) notFound();
  return (
    <>
      <JsonLdScript data={definedTermSetJsonLd(view.jsonLd)} />
      <GlossaryPage view={view} />
    </>
  );
}
