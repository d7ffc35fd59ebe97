import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { definedTermSetJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { pageMetadata } from "@/shared/seo/page-metadata";
import { GlossaryPage } from "./glossary-page";
import { glossaryView } from "./glossary-view";

export async function glossaryMetadata(locale: string): Promise<Metadata> {
  const view = await glossaryView(locale);
  if (!view) return {};
  // Hosts without their own glossary show the English one; its URL is the canonical.
  return pageMetadata(view.contentLocale, "glossary", paths.glossary(), { availableLocales: view.availableLocales });
}

/** The glossary with its DefinedTermSet JSON-LD. */
export async function GlossaryRoute({ locale }: { locale: string }) {
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
