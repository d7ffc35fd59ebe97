import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { buildMetadata } from "@/features/seo/metadata";
import { contentPageView } from "@/features/content-pages/content-page-view";
import { ContentPage, contentPageTocTitle } from "@/features/content-pages/content-page";
import { renderMarkdown } from "@/features/guides/markdown";
import { Prose } from "@/features/guides/prose";
import { TableOfContents } from "@/features/guides/table-of-contents";

type Props = { params: Promise<{ locale: string }> };

// French-only page: every host renders the French text; the canonical is the French URL.
const KEY = "services";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return buildMetadata(contentPageView((await params).locale, KEY).metadata);
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const view = contentPageView(locale, KEY);
  const { html, toc } = await renderMarkdown(view.page.markdown, { locale: "fr" });
  return (
    <ContentPage view={view} toc={<TableOfContents title={await contentPageTocTitle(view)} entries={toc} lang="fr" />}>
      <Prose html={html} lang="fr" />
    </ContentPage>
  );
}
