import { paths } from "@/config/paths";
import type { Locale } from "@/domain/locales";
import {
  allArticleKeys,
  allCategorySlugs,
  articleLocales,
  categoryLocales,
  findArticle,
  guideLibrary,
  libraryLocales,
  type GuideLibrary,
} from "./guide-content";

/** Same shape as SitemapEntry of src/shared/seo/sitemap-xml.ts. */
interface GuideSitemapEntry {
  path: string;
  lastModified?: string;
  locales: readonly Locale[];
  changeFrequency: "weekly" | "monthly";
  priority: number;
}

/**
 * Every guide URL, each listed only on the hosts whose language it is written in:
 * the other hosts show a fallback whose canonical is one of these.
 */
export function guideSitemapEntries(lib: GuideLibrary = guideLibrary()): GuideSitemapEntry[] {
  const entries: GuideSitemapEntry[] = [];
  const indexLocales = libraryLocales(lib);
  if (indexLocales.length > 0) entries.push({ path: paths.guides(), locales: indexLocales, changeFrequency: "weekly", priority: 0.8 });
  for (const slug of allCategorySlugs(lib)) {
    entries.push({ path: paths.guideCategory(slug), locales: categoryLocales(slug, lib), changeFrequency: "weekly", priority: 0.7 });
  }
  for (const { category, article } of allArticleKeys(lib)) {
    const locales = articleLocales(category, article, lib);
    const modified = locales
      .map((locale) => findArticle(locale, category, article, lib)?.dateModified ?? "")
      .sort()
      .at(-1);
    entries.push({
      path: paths.guideArticle(category, article),
      locales,
      ...(modified ? { lastModified: modified } : {}),
      changeFrequency: "monthly",
      priority: 0.6,
    });
  }
  return entries;
}

/** Registered in app/sitemaps/sources.ts; gives /sitemaps/guides-<n>.xml. */
export const guidesSitemapSource = {
  name: "guides",
  entries: async () => guideSitemapEntries(),
};
