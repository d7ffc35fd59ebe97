import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import { paths } from "@/config/paths";

/**
 * Editorial pages written in French only (src/content/pages/fr/<file>.md): the
 * route they are published at, the Markdown file they come from, and the key of
 * their short translated summary in the Pages messages.
 */
export const CONTENT_PAGES = {
  commitments: { file: "engagements", path: paths.commitments() },
  press: { file: "presse", path: paths.press() },
  professionals: { file: "professionnels", path: paths.professionals() },
  services: { file: "services", path: paths.services() },
  detailedServices: { file: "prestations-en-details", path: paths.detailedServices() },
  ecological: { file: "obseques-ecologiques", path: paths.ecological() },
} as const;

export type ContentPageKey = keyof typeof CONTENT_PAGES;
export const CONTENT_PAGE_KEYS = Object.keys(CONTENT_PAGES) as ContentPageKey[];

/** The one-segment address of each page ("presse" for /presse): the param of their shared route. */
export const CONTENT_PAGE_SLUGS: readonly string[] = CONTENT_PAGE_KEYS.map((key) => CONTENT_PAGES[key].path.slice(1));

/** The page published at /{slug}, or null when none is. */
export function contentPageKeyAt(slug: string): ContentPageKey | null {
  return CONTENT_PAGE_KEYS.find((key) => CONTENT_PAGES[key].path === `/${slug}`) ?? null;
}

/** The only language these pages are written in. */
export const CONTENT_PAGE_LOCALE = "fr" as const;

export const contentPageFrontMatterSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
});

export interface ContentPageSource {
  key: ContentPageKey;
  path: string;
  title: string;
  description: string;
  markdown: string;
}

export const CONTENT_PAGES_ROOT = join(process.cwd(), "src", "content", "pages", CONTENT_PAGE_LOCALE);

const cache = new Map<string, ContentPageSource>();

/** French puts a space before : ; ? ! — made non-breaking so a title never wraps before the sign. */
function frenchSpacing(text: string): string {
  return text.replace(/ ([:;?!»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}

/** Reads and validates one page; a missing or malformed file fails the build with its name. */
export function loadContentPage(key: ContentPageKey, root: string = CONTENT_PAGES_ROOT): ContentPageSource {
  const cacheKey = `${root}:${key}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const { file, path } = CONTENT_PAGES[key];
  const where = join(root, `${file}.md`);
  if (!existsSync(where)) throw new Error(`pages/${CONTENT_PAGE_LOCALE}/${file}.md is missing`);
  const parsed = matter(readFileSync(where, "utf8"));
  const meta = contentPageFrontMatterSchema.safeParse(parsed.data);
  if (!meta.success) {
    throw new Error(`pages/${CONTENT_PAGE_LOCALE}/${file}.md: ${meta.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  const page = { key, path, title: frenchSpacing(meta.data.title), description: frenchSpacing(meta.data.description), markdown: parsed.content.trim() };
  cache.set(cacheKey, page);
  return page;
}
