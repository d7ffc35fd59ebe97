// @vitest-environment jsdom
// (jsdom only for its XML parser, to check the documents are well formed.)
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/domain/locales";
import {
  MAX_URLS_PER_SITEMAP,
  chunkSitemap,
  escapeXml,
  parseSitemapChunkFile,
  renderSitemapIndex,
  renderUrlBlocks,
  renderUrlset,
  sitemapChunkPath,
  type SitemapEntry,
} from "@/shared/seo/sitemap-xml";

const SITE = "https://paisible.fr";

describe("XML escaping", () => {
  it("escapes the five XML characters and drops characters XML forbids", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    expect(escapeXml("x\u0000y\u0008z\uFFFE")).toBe("xyz");
  });

  it("escapes locations that carry query strings", () => {
    const [block] = renderUrlBlocks(SITE, { path: "/pompes-funebres?page=2&tri=prix", locales: ["fr"] });
    expect(block).toContain("<loc>https://paisible.fr/pompes-funebres?page=2&amp;tri=prix</loc>");
  });
});

describe("URL entries", () => {
  it("gives one <url> per locale URL, each listing every locale and x-default", () => {
    const blocks = renderUrlBlocks(SITE, { path: "/presse", lastModified: new Date("2025-05-01T10:00:00Z"), changeFrequency: "monthly", priority: 0.4 });
    expect(blocks).toHaveLength(LOCALES.length);
    const en = blocks.find((b) => b.includes("<loc>https://en.paisible.fr/presse</loc>"))!;
    expect(en).toContain("<lastmod>2025-05-01T10:00:00.000Z</lastmod>");
    expect(en).toContain("<changefreq>monthly</changefreq>");
    expect(en).toContain("<priority>0.4</priority>");
    for (const locale of LOCALES) {
      const host = locale === "fr" ? "paisible.fr" : `${locale}.paisible.fr`;
      expect(en).toContain(`<xhtml:link rel="alternate" hreflang="${locale}" href="https://${host}/presse"/>`);
    }
    expect(en).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://paisible.fr/presse"/>');
  });

  it("lists only the locales a page exists in, and no alternates for a single one", () => {
    const blocks = renderUrlBlocks(SITE, { path: "/guides-obseques/a/b", locales: ["fr", "es"] });
    expect(blocks).toHaveLength(2);
    expect(blocks[1]).toContain("<loc>https://es.paisible.fr/guides-obseques/a/b</loc>");
    expect(blocks[1]!.match(/xhtml:link/g)).toHaveLength(3);
    const single = renderUrlBlocks(SITE, { path: "/x", locales: ["de"] });
    expect(single).toEqual(["<url><loc>https://de.paisible.fr/x</loc></url>\n"]);
  });

  it("ignores an unreadable date and clamps the priority", () => {
    const [block] = renderUrlBlocks(SITE, { path: "/", locales: ["fr"], lastModified: "pas une date", priority: 3 });
    expect(block).toBe("<url><loc>https://paisible.fr/</loc><priority>1.0</priority></url>\n");
  });
});

describe("chunking", () => {
  it("splits at 50,000 URLs per file", () => {
    const entries: SitemapEntry[] = Array.from({ length: 50_001 }, (_, i) => ({ path: `/p/${i}`, locales: ["fr"] }));
    const chunks = chunkSitemap(SITE, entries);
    expect(chunks.map((c) => c.urls.length)).toEqual([MAX_URLS_PER_SITEMAP, 1]);
    expect(chunks[1]!.urls[0]).toContain("/p/50000<");
  });

  it("counts every locale URL, so 11-locale pages fill 50,000 URLs across entries", () => {
    const entries: SitemapEntry[] = Array.from({ length: 5_000 }, (_, i) => ({ path: `/p/${i}` }));
    const chunks = chunkSitemap(SITE, entries);
    expect(chunks.map((c) => c.urls.length)).toEqual([50_000, 5_000]);
  });

  it("also splits before a file would pass the byte limit", () => {
    const entries: SitemapEntry[] = Array.from({ length: 10 }, (_, i) => ({ path: `/p/${i}`, locales: ["fr"] }));
    const chunks = chunkSitemap(SITE, entries, { maxBytes: 400 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(Buffer.byteLength(renderUrlset(chunk.urls))).toBeLessThanOrEqual(400);
    expect(chunks.flatMap((c) => c.urls)).toHaveLength(10);
  });

  it("keeps the latest modification date of each chunk for the index", () => {
    const chunks = chunkSitemap(SITE, [
      { path: "/a", locales: ["fr"], lastModified: "2024-01-01T00:00:00Z" },
      { path: "/b", locales: ["fr"], lastModified: "2025-02-01T00:00:00Z" },
      { path: "/c", locales: ["fr"], lastModified: "2025-01-01T00:00:00Z" },
    ]);
    expect(chunks[0]!.lastModified).toBe("2025-02-01T00:00:00.000Z");
    expect(chunkSitemap(SITE, [])).toEqual([]);
  });
});

describe("documents", () => {
  it("renders a well-formed urlset and sitemap index", () => {
    const urlset = renderUrlset(renderUrlBlocks(SITE, { path: "/", locales: ["fr", "en"] }));
    expect(urlset.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    expect(urlset.trimEnd().endsWith("</urlset>")).toBe(true);
    expect(urlset.match(/<url>/g)).toHaveLength(2);
    expect(urlset.match(/<\/url>/g)).toHaveLength(2);

    const index = renderSitemapIndex([{ url: "https://paisible.fr/sitemaps/static-1.xml", lastModified: "2025-01-01T00:00:00.000Z" }, { url: "https://paisible.fr/sitemaps/a&b-1.xml" }]);
    expect(index).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<sitemap><loc>https://paisible.fr/sitemaps/static-1.xml</loc><lastmod>2025-01-01T00:00:00.000Z</lastmod></sitemap>\n" +
        "<sitemap><loc>https://paisible.fr/sitemaps/a&amp;b-1.xml</loc></sitemap>\n</sitemapindex>\n",
    );
  });

  it("parses as XML even with awkward characters in paths", () => {
    const urlset = renderUrlset(renderUrlBlocks(SITE, { path: "/guides-obseques/d%C3%A9c%C3%A8s?a=1&b=<2>'\"\u0001", lastModified: new Date(0) }));
    const doc = new DOMParser().parseFromString(urlset, "application/xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.getElementsByTagName("url")).toHaveLength(LOCALES.length);
    expect(doc.getElementsByTagName("loc")[0]!.textContent).toBe("https://paisible.fr/guides-obseques/d%C3%A9c%C3%A8s?a=1&b=<2>'\"");
    expect(doc.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "link")).toHaveLength(LOCALES.length * (LOCALES.length + 1));
  });

  it("names chunk files and reads the names back", () => {
    expect(sitemapChunkPath("place-pages", 3)).toBe("/sitemaps/place-pages-3.xml");
    expect(parseSitemapChunkFile("place-pages-3.xml")).toEqual({ name: "place-pages", index: 3 });
    for (const bad of ["static.xml", "static-0.xml", "static-1.txt", "Static-1.xml", "../static-1.xml", "static-01.xml", "-1.xml"]) {
      expect(parseSitemapChunkFile(bad)).toBeNull();
    }
  });
});
