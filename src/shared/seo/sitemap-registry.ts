import {
  chunkSitemap,
  parseSitemapChunkFile,
  renderSitemapIndex,
  renderUrlset,
  sitemapChunkPath,
  type SitemapEntry,
} from "./sitemap-xml";

/**
 * A family of pages listed in the sitemap (static pages, guides, place pages…).
 * `entries` is called when the sitemap is regenerated, so it may read the database.
 */
export interface SitemapSource {
  /** kebab-case, unique: it names the files /sitemaps/<name>-<n>.xml. */
  name: string;
  entries: () => Promise<readonly SitemapEntry[]>;
}

const SOURCE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface SitemapRegistry {
  /** Adds a source, replacing one of the same name (module reloads register again). */
  register(source: SitemapSource): void;
  sources(): SitemapSource[];
  find(name: string): SitemapSource | undefined;
}

export function createSitemapRegistry(): SitemapRegistry {
  const byName = new Map<string, SitemapSource>();
  return {
    register(source) {
      if (!SOURCE_NAME.test(source.name)) {
        throw new TypeError(`sitemap source name must be kebab-case (received ${JSON.stringify(source.name)})`);
      }
      byName.set(source.name, source);
    },
    sources: () => [...byName.values()],
    find: (name) => byName.get(name),
  };
}

/** The product's sitemap registry; page families register into it from app/sitemaps/sources.ts. */
export const sitemapRegistry: SitemapRegistry = createSitemapRegistry();

export function registerSitemapSource(source: SitemapSource): void {
  sitemapRegistry.register(source);
}

/** The sitemap index: one child file per chunk of each registered source. */
export async function buildSitemapIndexXml(siteUrl: string, registry: SitemapRegistry = sitemapRegistry): Promise<string> {
  const children: { url: string; lastModified?: string }[] = [];
  for (const source of registry.sources()) {
    const chunks = chunkSitemap(siteUrl, await source.entries());
    chunks.forEach((chunk, i) => {
      children.push({ url: `${siteUrl}${sitemapChunkPath(source.name, i + 1)}`, lastModified: chunk.lastModified });
    });
  }
  return renderSitemapIndex(children);
}

/** One child file ("static-1.xml"), or null when no such source or chunk exists. */
export async function buildSitemapChunkXml(
  siteUrl: string,
  file: string,
  registry: SitemapRegistry = sitemapRegistry,
): Promise<string | null> {
  const parsed = parseSitemapChunkFile(file);
  if (!parsed) return null;
  const source = registry.find(parsed.name);
  if (!source) return null;
  const chunk = chunkSitemap(siteUrl, await source.entries())[parsed.index - 1];
  return chunk ? renderUrlset(chunk.urls) : null;
}
