import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { buildMetadata } from "@/shared/seo/metadata";
import { articleJsonLd, breadcrumbListJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { allArticleKeys } from "@/features/guides/guide-content";
import { guideArticleView } from "@/features/guides/guide-views";
import { GuideArticlePage } from "@/features/guides/guide-article-page";

type Props = { params: Promise<{ locale: string; category: string; article: string }> };

// Every article is built at build time on every locale host; any other slug is the 404 page.
export const dynamicParams = false;

export async function generateStaticParams({ params }: { params: { category?: string } | Promise<{ category?: string }> }) {
  const { category } = await params;
  return allArticleKeys()
    .filter((key) => !category || key.category === category)
    .map((key) => ({ category: key.category, article: key.article }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, category, article } = await params;
  const view = await guideArticleView(locale, category, article);
  return view ? buildMetadata(view.metadata) : {};
}

export default async function Page({ params }: Props) {
  const { locale, category, article } = await params;
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
