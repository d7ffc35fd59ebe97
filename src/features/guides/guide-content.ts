import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "@/domain/locales";
import { frenchSpacing } from "./markdown";

/**
 * The guides library: Markdown files under src/content/guides/<locale>/<category>/,
 * one `_category.md` per category and one file per article, the same slugs in every
 * language. Read from disk at build time (pages are static) and when the sitemap is
 * regenerated; front matter is validated so a broken file fails the build loudly
 * instead of publishing a half-empty page.
 */

/** Languages the guides are written in; French is the source. */
export const GUIDE_LOCALES = ["fr", "en"] as const satisfies readonly Locale[];
export type GuideLocale = (typeof GUIDE_LOCALES)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().regex(SLUG, "must be a kebab-case slug");

/** YAML turns an unquoted 2026-02-05 into a Date; quoted, it stays a string. Both become "2026-02-05". */
const isoDate = z
  .union([z.string(), z.date()])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD"))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "is not a real date");

export const categoryFrontMatterSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  order: z.number().int().min(0).default(100),
});

export const articleFrontMatterSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  category: slug,
  slug,
  datePublished: isoDate,
  dateModified: isoDate.optional(),
  readingMinutes: z.number().int().positive().optional(),
  related: z.array(z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "must read <category>/<article>")).default([]),
  tags: z.array(z.string().trim().min(1)).default([]),
});

export interface GuideCategory {
  locale: GuideLocale;
  slug: string;
  title: string;
  description: string;
  order: number;
  /** Markdown introduction under the category heading. */
  intro: string;
}

export interface GuideArticle {
  locale: GuideLocale;
  category: string;
  slug: string;
  title: string;
  description: string;
  datePublished: string;
  dateModified: string;
  /** From the front matter when the author set it; otherwise computed from the text when rendered. */
  readingMinutes?: number;
  /** "<category>/<article>" references. */
  related: string[];
  tags: string[];
  body: string;
}

export interface GuideLibrary {
  categories: Record<GuideLocale, GuideCategory[]>;
  articles: Record<GuideLocale, GuideArticle[]>;
}

export class GuideContentError extends Error {
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = "GuideContentError";
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "front matter"} ${issue.message}`).join("; ");
}

const listDirs = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith(".") && statSync(join(dir, name)).isDirectory()).sort() : [];

/** Reads and validates every guide of one language. Exported for the tests, which point it at fixtures. */
export function readGuideLocale(root: string, locale: GuideLocale): { categories: GuideCategory[]; articles: GuideArticle[] } {
  const categories: GuideCategory[] = [];
  const articles: GuideArticle[] = [];
  const localeDir = join(root, locale);
  for (const categorySlug of listDirs(localeDir)) {
    const categoryDir = join(localeDir, categorySlug);
    const where = `guides/${locale}/${categorySlug}`;
    if (!SLUG.test(categorySlug)) throw new GuideContentError(where, "folder name must be a kebab-case slug");
    const categoryFile = join(categoryDir, "_category.md");
    if (!existsSync(categoryFile)) throw new GuideContentError(where, "_category.md is missing");
    const categoryMatter = matter(readFileSync(categoryFile, "utf8"));
    const categoryMeta = categoryFrontMatterSchema.safeParse(categoryMatter.data);
    if (!categoryMeta.success) throw new GuideContentError(`${where}/_category.md`, describeIssues(categoryMeta.error));
    const typeset = (text: string) => (locale === "fr" ? frenchSpacing(text) : text);
    categories.push({
      locale,
      slug: categorySlug,
      ...categoryMeta.data,
      title: typeset(categoryMeta.data.title),
      description: typeset(categoryMeta.data.description),
      intro: categoryMatter.content.trim(),
    });

    for (const file of readdirSync(categoryDir).filter((name) => name.endsWith(".md") && name !== "_category.md").sort()) {
      const fileWhere = `${where}/${file}`;
      const parsed = matter(readFileSync(join(categoryDir, file), "utf8"));
      const meta = articleFrontMatterSchema.safeParse(parsed.data);
      if (!meta.success) throw new GuideContentError(fileWhere, describeIssues(meta.error));
      const data = meta.data;
      if (data.category !== categorySlug) throw new GuideContentError(fileWhere, `category "${data.category}" does not match its folder`);
      if (`${data.slug}.md` !== file) throw new GuideContentError(fileWhere, `slug "${data.slug}" does not match the file name`);
      articles.push({
        locale,
        category: data.category,
        slug: data.slug,
        title: typeset(data.title),
        description: typeset(data.description),
        datePublished: data.datePublished,
        dateModified: data.dateModified ?? data.datePublished,
        ...(data.readingMinutes ? { readingMinutes: data.readingMinutes } : {}),
        related: data.related,
        tags: data.tags,
        body: parsed.content.trim(),
      });
    }
  }
  categories.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, locale));
  return { categories, articles };
}

export const GUIDES_ROOT = join(process.cwd(), "src", "content", "guides");

let library: GuideLibrary | undefined;

/** The whole library, read once per server process (content only changes with a new build). */
export function guideLibrary(root: string = GUIDES_ROOT): GuideLibrary {
  if (root !== GUIDES_ROOT) return readLibrary(root);
  library ??= readLibrary(root);
  return library;
}

function readLibrary(root: string): GuideLibrary {
  const categories = {} as GuideLibrary["categories"];
  const articles = {} as GuideLibrary["articles"];
  for (const locale of GUIDE_LOCALES) {
    const read = readGuideLocale(root, locale);
    categories[locale] = read.categories;
    articles[locale] = read.articles;
  }
  return { categories, articles };
}

/** Newest first, then by title, so a category lists its freshest advice at the top. */
function byDate(a: GuideArticle, b: GuideArticle): number {
  return b.datePublished.localeCompare(a.datePublished) || a.title.localeCompare(b.title, a.locale);
}

export function categoriesOf(locale: GuideLocale, lib: GuideLibrary = guideLibrary()): GuideCategory[] {
  return lib.categories[locale];
}

export function findCategory(locale: GuideLocale, categorySlug: string, lib: GuideLibrary = guideLibrary()): GuideCategory | undefined {
  return lib.categories[locale].find((c) => c.slug === categorySlug);
}

export function articlesOf(locale: GuideLocale, categorySlug: string, lib: GuideLibrary = guideLibrary()): GuideArticle[] {
  return lib.articles[locale].filter((a) => a.category === categorySlug).sort(byDate);
}

export function findArticle(
  locale: GuideLocale,
  categorySlug: string,
  articleSlug: string,
  lib: GuideLibrary = guideLibrary(),
): GuideArticle | undefined {
  return lib.articles[locale].find((a) => a.category === categorySlug && a.slug === articleSlug);
}

/** The related articles that exist in `locale`, in the author's order. */
export function relatedArticles(article: GuideArticle, lib: GuideLibrary = guideLibrary()): GuideArticle[] {
  return article.related.flatMap((ref) => {
    const [category = "", slugPart = ""] = ref.split("/");
    const found = findArticle(article.locale, category, slugPart, lib);
    return found && found !== article ? [found] : [];
  });
}

/** Languages a category exists in. */
export function categoryLocales(categorySlug: string, lib: GuideLibrary = guideLibrary()): GuideLocale[] {
  return GUIDE_LOCALES.filter((locale) => findCategory(locale, categorySlug, lib));
}

/** Languages an article exists in. */
export function articleLocales(categorySlug: string, articleSlug: string, lib: GuideLibrary = guideLibrary()): GuideLocale[] {
  return GUIDE_LOCALES.filter((locale) => findArticle(locale, categorySlug, articleSlug, lib));
}

/** Languages that have at least one category: the index exists in those. */
export function libraryLocales(lib: GuideLibrary = guideLibrary()): GuideLocale[] {
  return GUIDE_LOCALES.filter((locale) => lib.categories[locale].length > 0);
}

/**
 * The language a guide page is shown in on a locale host: its own when the guide
 * exists in it; otherwise English, which a visitor who chose German, Arabic or
 * Chinese is far likelier to read than French; French when there is no English
 * version. Null when the page exists in no language.
 */
export function contentLocaleFor(hostLocale: Locale, available: readonly GuideLocale[]): GuideLocale | null {
  const own = available.find((l) => l === hostLocale);
  if (own) return own;
  if (available.includes("en")) return "en";
  if (available.includes(DEFAULT_LOCALE as GuideLocale)) return DEFAULT_LOCALE as GuideLocale;
  return available[0] ?? null;
}

/** Every category slug of the library, whatever its languages. */
export function allCategorySlugs(lib: GuideLibrary = guideLibrary()): string[] {
  return [...new Set(GUIDE_LOCALES.flatMap((l) => lib.categories[l].map((c) => c.slug)))].sort();
}

/** Every (category, article) pair of the library, whatever its languages. */
export function allArticleKeys(lib: GuideLibrary = guideLibrary()): { category: string; article: string }[] {
  const keys = new Map<string, { category: string; article: string }>();
  for (const locale of GUIDE_LOCALES) {
    for (const a of lib.articles[locale]) keys.set(`${a.category}/${a.slug}`, { category: a.category, article: a.slug });
  }
  return [...keys.values()].sort((a, b) => `${a.category}/${a.article}`.localeCompare(`${b.category}/${b.article}`));
}
