import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, type Locale, localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import {
  articleLocales,
  articlesOf,
  categoriesOf,
  categoryLocales,
  contentLocaleFor,
  findArticle,
  findCategory,
  libraryLocales,
  relatedArticles,
  type GuideArticle,
  type GuideCategory,
  type GuideLocale,
} from "./guide-content";
import { readingMinutes, renderMarkdown, type RenderedMarkdown } from "./markdown";
import type { Crumb } from "@/ui/breadcrumbs";
import type { GuideCtaText } from "./guide-cta";

/**
 * What the guide routes need, resolved once: which language the page is shown in on
 * this host, which languages it exists in (hreflang), the texts of the page and the
 * inputs of its metadata and structured data. Route files pass these to the SEO
 * builders and to the page components.
 */

/** Input of buildMetadata (src/shared/seo/metadata.ts), kept structural so this feature stays independent. */
export interface GuideMetadataInput {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  availableLocales: Locale[];
  type?: "website" | "article";
  article?: { publishedTime?: string; modifiedTime?: string; section?: string; tags?: readonly string[] };
}

export interface JsonLdCrumb {
  name: string;
  url: string;
}

interface Resolved {
  hostLocale: Locale;
  /** The language the guide text is shown in (may differ from the host's). */
  contentLocale: GuideLocale;
  availableLocales: GuideLocale[];
  /** True when the text is in another language than the host's. */
  isFallback: boolean;
}


function resolve(param: string, available: GuideLocale[]): Resolved | null {
  const hostLocale = localeOrDefault(param);
  const contentLocale = contentLocaleFor(hostLocale, available);
  if (!contentLocale) return null;
  return { hostLocale, contentLocale, availableLocales: available, isFallback: contentLocale !== hostLocale };
}

/** Absolute URL on a locale host; JSON-LD wants absolute URLs. */
export function absoluteUrl(locale: Locale, path: string): string {
  return `${originForLocale(serverEnv().SITE_URL, locale)}${path}`;
}

/** The fixed crumbs (home, guides) in one language; the guides crumb is a link unless it is the page itself. */
async function trailRoot(locale: Locale, guidesIsCurrent = false): Promise<Crumb[]> {
  const t = await getTranslations({ locale, namespace: "Guides" });
  return [
    { name: t("breadcrumbHome"), href: paths.home() },
    guidesIsCurrent ? { name: t("breadcrumbGuides") } : { name: t("breadcrumbGuides"), href: paths.guides() },
  ];
}

function toJsonLdTrail(locale: Locale, crumbs: readonly Crumb[], selfPath: string): JsonLdCrumb[] {
  return crumbs.map((crumb) => ({ name: crumb.name, url: absoluteUrl(locale, crumb.href ?? selfPath) }));
}

export async function ctaText(locale: Locale): Promise<GuideCtaText> {
  const t = await getTranslations({ locale, namespace: "Guides" });
  return { title: t("ctaTitle"), body: t("ctaBody"), quote: t("ctaQuote"), callAria: t("ctaCallAria", { phone: ADVISOR_PHONE }) };
}

/* ----- index ----- */

export interface GuidesIndexView extends Resolved {
  sections: { category: GuideCategory; articles: GuideArticle[] }[];
  crumbs: Crumb[];
  jsonLdCrumbs: JsonLdCrumb[];
  metadata: GuideMetadataInput;
}

export async function guidesIndexView(localeParam: string): Promise<GuidesIndexView | null> {
  const resolved = resolve(localeParam, libraryLocales());
  if (!resolved) return null;
  const { hostLocale, contentLocale } = resolved;
  const path = paths.guides();
  const pages = await getTranslations({ locale: contentLocale, namespace: "Pages" });
  return {
    ...resolved,
    sections: categoriesOf(contentLocale).map((category) => ({ category, articles: articlesOf(contentLocale, category.slug) })),
    crumbs: await trailRoot(hostLocale, true),
    jsonLdCrumbs: toJsonLdTrail(contentLocale, await trailRoot(contentLocale, true), path),
    metadata: {
      locale: contentLocale,
      path,
      title: pages("guides.title"),
      description: pages("guides.description"),
      availableLocales: resolved.availableLocales,
    },
  };
}

/* ----- category ----- */

export interface GuideCategoryView extends Resolved {
  category: GuideCategory;
  intro: RenderedMarkdown;
  articles: GuideArticle[];
  otherCategories: GuideCategory[];
  crumbs: Crumb[];
  jsonLdCrumbs: JsonLdCrumb[];
  metadata: GuideMetadataInput;
}

export async function guideCategoryView(localeParam: string, categorySlug: string): Promise<GuideCategoryView | null> {
  const resolved = resolve(localeParam, categoryLocales(categorySlug));
  if (!resolved) return null;
  const { hostLocale, contentLocale } = resolved;
  const category = findCategory(contentLocale, categorySlug);
  if (!category) return null;
  const path = paths.guideCategory(category.slug);
  return {
    ...resolved,
    category,
    intro: await renderMarkdown(category.intro, { locale: contentLocale }),
    articles: articlesOf(contentLocale, category.slug),
    otherCategories: categoriesOf(contentLocale).filter((c) => c.slug !== category.slug),
    crumbs: [...(await trailRoot(hostLocale)), { name: category.title }],
    jsonLdCrumbs: toJsonLdTrail(contentLocale, [...(await trailRoot(contentLocale)), { name: category.title }], path),
    metadata: {
      locale: contentLocale,
      path,
      title: category.title,
      description: category.description,
      availableLocales: resolved.availableLocales,
    },
  };
}

/* ----- article ----- */

export interface GuideArticleView extends Resolved {
  article: GuideArticle;
  category: GuideCategory;
  rendered: RenderedMarkdown;
  readingMinutes: number;
  related: GuideArticle[];
  crumbs: Crumb[];
  jsonLdCrumbs: JsonLdCrumb[];
  metadata: GuideMetadataInput;
  /** Input of articleJsonLd (src/shared/seo/json-ld.ts). */
  jsonLdArticle: {
    siteUrl: string;
    url: string;
    headline: string;
    description: string;
    inLanguage: string;
    datePublished: string;
    dateModified: string;
    section: string;
  };
}

export async function guideArticleView(localeParam: string, categorySlug: string, articleSlug: string): Promise<GuideArticleView | null> {
  const resolved = resolve(localeParam, articleLocales(categorySlug, articleSlug));
  if (!resolved) return null;
  const { hostLocale, contentLocale } = resolved;
  const article = findArticle(contentLocale, categorySlug, articleSlug);
  const category = findCategory(contentLocale, categorySlug);
  if (!article || !category) return null;
  const rendered = await renderMarkdown(article.body, { locale: contentLocale });
  const path = paths.guideArticle(article.category, article.slug);
  const categoryCrumb = { name: category.title, href: paths.guideCategory(category.slug) };
  const siteUrl = originForLocale(serverEnv().SITE_URL, DEFAULT_LOCALE);
  return {
    ...resolved,
    article,
    category,
    rendered,
    readingMinutes: articleReadingMinutes(article),
    related: relatedArticles(article),
    crumbs: [...(await trailRoot(hostLocale)), categoryCrumb, { name: article.title }],
    jsonLdCrumbs: toJsonLdTrail(contentLocale, [...(await trailRoot(contentLocale)), categoryCrumb, { name: article.title }], path),
    metadata: {
      locale: contentLocale,
      path,
      title: article.title,
      description: article.description,
      availableLocales: resolved.availableLocales,
      type: "article",
      article: {
        publishedTime: article.datePublished,
        modifiedTime: article.dateModified,
        section: category.title,
        tags: article.tags,
      },
    },
    jsonLdArticle: {
      siteUrl,
      url: absoluteUrl(contentLocale, path),
      headline: article.title,
      description: article.description,
      inLanguage: contentLocale,
      datePublished: article.datePublished,
      dateModified: article.dateModified,
      section: category.title,
    },
  };
}

/** The author's reading time when set, otherwise one computed from the text; the same figure on every page that shows it. */
export function articleReadingMinutes(article: GuideArticle): number {
  if (article.readingMinutes) return article.readingMinutes;
  const words = article.body.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return readingMinutes(words);
}

/** Calendar date of the content ("2026-02-05") as a Date at noon UTC, so no time zone moves it to another day. */
export function contentDate(isoDate: string): Date {
  return new Date(`${isoDate}T12:00:00Z`);
}
