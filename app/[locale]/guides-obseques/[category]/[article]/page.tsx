import type { Metadata } from "next";
import { allArticleKeys } from "@/features/guides/guide-content";
import { guideArticleMetadata, GuideArticleRoute } from "@/features/guides/guide-routes";

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
  return guideArticleMetadata(locale, category, article);
}

export default async function Page({ params }: Props) {
  return <GuideArticleRoute {...await params} />;
}
