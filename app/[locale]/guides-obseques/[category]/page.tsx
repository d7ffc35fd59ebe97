import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { buildMetadata } from "@/shared/seo/metadata";
import { breadcrumbListJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { allCategorySlugs } from "@/features/guides/guide-content";
import { guideCategoryView } from "@/features/guides/guide-views";
import { GuideCategoryPage } from "@/features/guides/guide-category-page";

type Props = { params: Promise<{ locale: string; category: string }> };

// Every category is built at build time on every locale host; any other slug is the 404 page.
export const dynamicParams = false;

export function generateStaticParams() {
  return allCategorySlugs().map((category) => ({ category }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, category } = await params;
  const view = await guideCategoryView(locale, category);
  return view ? buildMetadata(view.metadata) : {};
}

export default async function Page({ params }: Props) {
  const { locale, category } = await params;
  setRequestLocale(locale);
  const view = await guideCategoryView(locale, category);
  if (!view) notFound();
  return (
    <>
      <JsonLdScript data={breadcrumbListJsonLd(view.jsonLdCrumbs)} />
      <GuideCategoryPage view={view} />
    </>
  );
}
