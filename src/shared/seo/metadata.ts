import type { Metadata } from "next";
import { BRAND } from "@/config/brand";
import { serverEnv } from "@/config/env";
import type { Locale } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { BRAND_TAGLINES } from "./brand-taglines";
import { OPEN_GRAPH_LOCALES, assertSitePath, hreflangAlternates, localeUrl, normaliseLocales } from "./locale-urls";

export interface SeoImage {
  /** Absolute, or a path on the page's own locale host. */
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface BuildMetadataInput {
  locale: Locale;
  /** The French path of the page, e.g. paths.press(); the same on every locale host. */
  path: string;
  /** Rendered as "<title> | Paisible"; `{ absolute }` is used as is (the home page). */
  title: string | { absolute: string };
  description: string;
  /** Locale hosts that have this page; every locale when omitted. */
  availableLocales?: readonly Locale[];
  /** Share image; the locale's default brand image when omitted. */
  image?: SeoImage;
  /** Keeps the page out of search results (confirmation pages, previews…). */
  noindex?: boolean;
  type?: "website" | "article";
  /** Open Graph article facts, used when `type` is "article". ISO 8601 dates. */
  article?: { publishedTime?: string; modifiedTime?: string; section?: string; tags?: readonly string[] };
  /** French canonical origin; defaults to the configured SITE_URL. */
  siteUrl?: string;
}

/** The size Next renders app/[locale]/opengraph-image.tsx at. */
export const DEFAULT_SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The document title with the brand, as shown in the browser tab and search results. */
export function pageTitle(title: string | { absolute: string }): string {
  return typeof title === "string" ? `${title} | ${BRAND}` : title.absolute;
}

/**
 * The brand share image of a locale. Its public URL is `/opengraph-image` on the locale
 * host (proxy.ts rewrites it to the [locale] segment), never the internal /{locale}/ path.
 */
export function defaultShareImage(siteUrl: string, locale: Locale): Required<SeoImage> & { type: string } {
  return {
    url: `${originForLocale(siteUrl, locale)}/opengraph-image`,
    ...DEFAULT_SHARE_IMAGE_SIZE,
    alt: `${BRAND} — ${BRAND_TAGLINES[locale]}`,
    type: "image/png",
  };
}

/**
 * Metadata for a public page: canonical on its own locale host, hreflang alternates,
 * Open Graph and Twitter cards. Pure (no headers() or cookies()), so pages stay static.
 */
export function buildMetadata(input: BuildMetadataInput): Metadata {
  const siteUrl = input.siteUrl ?? serverEnv().SITE_URL;
  const { locale, path, description } = input;
  assertSitePath(path);
  const origin = originForLocale(siteUrl, locale);
  const canonical = localeUrl(siteUrl, locale, path);
  const available = normaliseLocales(input.availableLocales);
  const title = pageTitle(input.title);
  // The site name travels in og:site_name; cards show the bare title.
  const shareTitle = typeof input.title === "string" ? input.title : input.title.absolute;

  const image = input.image
    ? { ...input.image, url: new URL(input.image.url, `${origin}/`).toString(), alt: input.image.alt ?? shareTitle }
    : defaultShareImage(siteUrl, locale);

  const type = input.type ?? "website";
  const alternateLocale = available.filter((l) => l !== locale).map((l) => OPEN_GRAPH_LOCALES[l]);
  const common = {
    url: canonical,
    siteName: BRAND,
    title: shareTitle,
    description,
    locale: OPEN_GRAPH_LOCALES[locale],
    ...(alternateLocale.length > 0 ? { alternateLocale } : {}),
    images: [image],
  };
  const article = input.article;
  const openGraph: Metadata["openGraph"] =
    type === "article"
      ? {
          ...common,
          type: "article",
          ...(article?.publishedTime ? { publishedTime: article.publishedTime } : {}),
          ...(article?.modifiedTime ? { modifiedTime: article.modifiedTime } : {}),
          ...(article?.section ? { section: article.section } : {}),
          ...(article?.tags?.length ? { tags: [...article.tags] } : {}),
        }
      : { ...common, type: "website" };

  return {
    metadataBase: new URL(origin),
    title: { absolute: title },
    description,
    alternates: {
      canonical,
      languages: hreflangAlternates(siteUrl, path, available),
    },
    openGraph,
    twitter: {
      card: "summary_large_image",
      title: shareTitle,
      description,
      images: [{ url: image.url, alt: image.alt }],
    },
    robots: input.noindex ? { index: false, follow: true } : { index: true, follow: true },
  };
}


/** Metadata of an address that answers 404 or a redirect: nothing to index, links still followed. */
export const NOT_INDEXED: Metadata = { robots: { index: false, follow: true } };
