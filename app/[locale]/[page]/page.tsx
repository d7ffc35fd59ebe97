import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { ContentPage, contentPageTocTitle } from "@/features/content-pages/content-page";
import { CONTENT_PAGE_SLUGS, contentPageKeyAt } from "@/features/content-pages/content-page-content";
import { contentPageView } from "@/features/content-pages/content-page-view";
import { renderMarkdown } from "@/features/guides/markdown";
import { Prose } from "@/features/guides/prose";
import { TableOfContents } from "@/features/guides/table-of-contents";
import { buildMetadata } from "@/shared/seo/metadata";

type Props = { params: Promise<{ locale: string; page: string }> };

// The seven French-only editorial pages (/presse…), French on every host; any other one-segment address is a 404.
export const dynamicParams = false;
export const generateStaticParams = () => CONTENT_PAGE_SLUGS.map((page) => ({ page }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, page } = await params;
  return buildMetadata(contentPageView(locale, contentPageKeyAt(page) ?? notFound()).metadata);
}

export default async function Page({ params }: Props) {
  const { locale, page } = await params;
  setRequestLocale(locale);
  const view = contentPageView(locale, contentPageKeyAt(page) ?? notFound());
  const { html, toc } = await renderMarkdown(view.page.markdown, { locale: "fr" });
  const contents = <TableOfContents title={await contentPageTocTitle(view)} entries={toc} lang="fr" />;
  return <ContentPage view={view} toc={contents}><Prose html={html} lang="fr" /></ContentPage>;
}
