import { DEFAULT_LOCALE, type Locale } from "@/domain/locales";
import { localeUrl, normaliseLocales } from "./locale-urls";

export type ChangeFrequency = "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

export interface SitemapEntry {
  /** French path, e.g. paths.press(); the same path exists on every locale host. */
  path: string;
  lastModified?: Date | string;
  /** Locales the page exists in; all 11 when omitted. */
  locales?: readonly Locale[];
  changeFrequency?: ChangeFrequency;
  /** 0.0 to 1.0. */
  priority?: number;
}

/** Limits of the sitemaps.org protocol for one file. */
export const MAX_URLS_PER_SITEMAP = 50_000;
export const MAX_BYTES_PER_SITEMAP = 50 * 1024 * 1024;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = "</urlset>\n";

// Characters XML 1.0 forbids even when escaped; a stray one would make the whole file unreadable.
const INVALID_XML_CHARS = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** W3C datetime for <lastmod>; undefined for a missing or unreadable date. */
export function w3cDate(value: Date | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * One <url> per locale URL of the entry; each lists every locale version of the page
 * (itself included) and x-default on the French URL, as Google's hreflang rules ask.
 */
export function renderUrlBlocks(siteUrl: string, entry: SitemapEntry): string[] {
  const locales = normaliseLocales(entry.locales);
  const lastmod = w3cDate(entry.lastModified);
  const priority =
    typeof entry.priority === "number" && Number.isFinite(entry.priority)
      ? Math.min(1, Math.max(0, entry.priority)).toFixed(1)
      : undefined;
  const alternates =
    locales.length > 1
      ? [
          ...locales.map((l) => ({ hreflang: l as string, href: localeUrl(siteUrl, l, entry.path) })),
          ...(locales.includes(DEFAULT_LOCALE) ? [{ hreflang: "x-default", href: localeUrl(siteUrl, DEFAULT_LOCALE, entry.path) }] : []),
        ]
          .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
          .join("")
      : "";
  return locales.map((locale) => {
    let block = `<url><loc>${escapeXml(localeUrl(siteUrl, locale, entry.path))}</loc>`;
    if (lastmod) block += `<lastmod>${lastmod}</lastmod>`;
    if (entry.changeFrequency) block += `<changefreq>${entry.changeFrequency}</changefreq>`;
    if (priority) block += `<priority>${priority}</priority>`;
    return `${block}${alternates}</url>\n`;
  });
}

export interface SitemapChunk {
  urls: string[];
  /** Latest lastModified of the chunk's entries, for the index. */
  lastModified?: string;
}

/**
 * Splits a source's URLs into files that keep to the protocol: at most `maxUrls` URLs
 * and `maxBytes` bytes each. An entry's locale URLs may straddle two files; hreflang
 * sets do not need to sit in one file.
 */
export function chunkSitemap(
  siteUrl: string,
  entries: readonly SitemapEntry[],
  limits: { maxUrls?: number; maxBytes?: number } = {},
): SitemapChunk[] {
  const maxUrls = limits.maxUrls ?? MAX_URLS_PER_SITEMAP;
  const maxBytes = (limits.maxBytes ?? MAX_BYTES_PER_SITEMAP) - byteLength(XML_DECLARATION + URLSET_OPEN + URLSET_CLOSE);
  const chunks: SitemapChunk[] = [];
  let current: SitemapChunk = { urls: [] };
  let bytes = 0;
  for (const entry of entries) {
    const lastmod = w3cDate(entry.lastModified);
    for (const block of renderUrlBlocks(siteUrl, entry)) {
      const size = byteLength(block);
      if (current.urls.length > 0 && (current.urls.length >= maxUrls || bytes + size > maxBytes)) {
        chunks.push(current);
        current = { urls: [] };
        bytes = 0;
      }
      current.urls.push(block);
      bytes += size;
      if (lastmod && (!current.lastModified || lastmod > current.lastModified)) current.lastModified = lastmod;
    }
  }
  if (current.urls.length > 0) chunks.push(current);
  return chunks;
}

export function renderUrlset(urls: readonly string[]): string {
  return XML_DECLARATION + URLSET_OPEN + urls.join("") + URLSET_CLOSE;
}

export function renderSitemapIndex(children: readonly { url: string; lastModified?: string }[]): string {
  const items = children
    .map((c) => `<sitemap><loc>${escapeXml(c.url)}</loc>${c.lastModified ? `<lastmod>${c.lastModified}</lastmod>` : ""}</sitemap>\n`)
    .join("");
  return `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}</sitemapindex>\n`;
}

/** Public path of a source's n-th file (1-based). */
export function sitemapChunkPath(name: string, index: number): string {
  return `/sitemaps/${name}-${index}.xml`;
}

/** "guides-2.xml" → { name: "guides", index: 2 }; null for anything else. */
export function parseSitemapChunkFile(file: string): { name: string; index: number } | null {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return null;
  return { name: match[1]!, index: Number(match[2]) };
}

function byteLength(value: string): number {
  return Buffer.byteLength(value, "utf8");
}
