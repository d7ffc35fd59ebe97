import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { articleJsonLd, breadcrumbListJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { buildMetadata } from "@/shared/seo/metadata";
import { GuideArticlePage } from "./guide-article-page";
import { GuideCategoryPage } from "./guide-category-page";
import { guideArticleView, guideCategoryView } from "./guide-views";

export async function guideCategoryMetadata(locale: string, category: string): Promise<Metadata> {
  const view = await guideCategoryView(locale, category);
  return view ? buildMetadata(view.metadata) : {};
}

/** A category of guides with its BreadcrumbList; an unknown category is the 404 page. */
export async function GuideCategoryRoute({ locale, category }: { locale: string; category: string }) {
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

export async function guideArticleMetadata(locale: string, category: string, article: string): Promise<Metadata> {
  const view = await guideArticleView(locale, category, article);
  return view ? buildMetadata(view.metadata) : {};
}

/** A guide with its Article and BreadcrumbList JSON-LD; an unknown guide is the 404 page. */
export async function GuideArticleRoute({ locale, category, article }: { locale: string; category: string; article: string }) {
  setRequestLocale(locale);
  const view = await guideArticleView(locale, category, article);
  if (!view) notFound();
  return (
    <>
      <JsonLdScript data={[articleJsonLd(view.jsonLdArticle), breadcrumbListJsonLd(view.jsonLdCrumbs)]} />
      <GuideArticlePage view={view} />
    </>
  );
}
