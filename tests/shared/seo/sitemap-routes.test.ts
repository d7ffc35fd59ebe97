import { describe, expect, it } from "vitest";
import { serverEnv } from "@/config/env";
import { LOCALES } from "@/domain/locales";
import { paths } from "@/config/paths";
import { buildSitemapChunkXml, buildSitemapIndexXml, createSitemapRegistry } from "@/shared/seo/sitemap-registry";
import { STATIC_SITEMAP_ENTRIES } from "@/shared/seo/static-sitemap-source";
import { GET as getIndex, revalidate as indexRevalidate } from "../../../app/sitemap.xml/route";
import { GET as getChunk, revalidate as chunkRevalidate } from "../../../app/sitemaps/[file]/route";
import robots from "../../../app/robots";

const SITE = "https://paisible.fr";

function chunk(file: string): Promise<Response> {
  return getChunk(new Request(`http://localhost/sitemaps/${file}`), { params: Promise.resolve({ file }) });
}

describe("sitemap registry", () => {
  it("lists one child file per chunk of every source", async () => {
    const registry = createSitemapRegistry();
    registry.register({ name: "static", entries: async () => [{ path: "/" }] });
    registry.register({ name: "places", entries: async () => Array.from({ length: 60_000 }, (_, i) => ({ path: `/pompes-funebres/${i}`, locales: ["fr" as const] })) });
    const index = await buildSitemapIndexXml(SITE, registry);
    expect(index.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      "<loc>https://paisible.fr/sitemaps/static-1.xml</loc>",
      "<loc>https://paisible.fr/sitemaps/places-1.xml</loc>",
      "<loc>https://paisible.fr/sitemaps/places-2.xml</loc>",
    ]);
    const second = await buildSitemapChunkXml(SITE, "places-2.xml", registry);
    expect(second?.match(/<url>/g)).toHaveLength(10_000);
    expect(await buildSitemapChunkXml(SITE, "places-3.xml", registry)).toBeNull();
    expect(await buildSitemapChunkXml(SITE, "unknown-1.xml", registry)).toBeNull();
  });

  it("replaces a source registered again and refuses names that cannot be file names", () => {
    const registry = createSitemapRegistry();
    registry.register({ name: "guides", entries: async () => [] });
    registry.register({ name: "guides", entries: async () => [{ path: "/guides-obseques" }] });
    expect(registry.sources()).toHaveLength(1);
    for (const name of ["Guides", "a/b", "", "a_b"]) expect(() => registry.register({ name, entries: async () => [] })).toThrow(TypeError);
  });
});

describe("static source", () => {
  it("holds the parameterless pages served in all 11 locales, including the reviews page, but not payment or confirmations", () => {
    const listed = STATIC_SITEMAP_ENTRIES.map((e) => e.path);
    expect(listed).toEqual(expect.arrayContaining(["/", paths.reviews(), "/avis-paisible", paths.funnelStart(), paths.financialAid()]));
    // Guides, glossary and the French-only content pages have their own sources.
    for (const path of [paths.guides(), paths.glossary(), paths.press(), paths.commitments()]) expect(listed).not.toContain(path);
    // /pierre-tombale became a translated guide (issue 13): listed here in all 11 locales.
    expect(listed).toContain(paths.tombstone());
    expect(listed).toHaveLength(11);
    expect(new Set(listed).size).toBe(listed.length);
    for (const path of [paths.payment(), paths.funeralQuoteConfirmation(), paths.flowersConfirmation(), paths.tombstoneCatalogueConfirmation()]) {
      expect(listed).not.toContain(path);
    }
  });
});

describe("GET /sitemap.xml and /sitemaps/<name>-<n>.xml", () => {
  it("serves the index listing the static sitemap, as revalidated XML", async () => {
    const response = await getIndex();
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(indexRevalidate).toBe(3600);
    expect(chunkRevalidate).toBe(3600);
    expect(await response.text()).toContain(`<loc>${serverEnv().SITE_URL}/sitemaps/static-1.xml</loc>`);
  });

  it("serves the static chunk with every page in all 11 locales", async () => {
    const response = await chunk("static-1.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml.match(/<url>/g)).toHaveLength(STATIC_SITEMAP_ENTRIES.length * LOCALES.length);
    expect(xml).toContain(`<loc>${serverEnv().SITE_URL}/avis-paisible</loc>`);
  });

  it("answers 404 with an error code for an unknown or out-of-range file", async () => {
    for (const file of ["static-2.xml", "nothing-1.xml", "static.xml"]) {
      const response = await chunk(file);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Not Found", message: "not_found" });
    }
  });
});

describe("robots.txt", () => {
  it("allows public pages, keeps private spaces out and points at the sitemap index", () => {
    expect(robots()).toEqual({
      rules: [{ userAgent: "*", allow: "/", disallow: ["/app/", "/pro/", "/api/", "/paiement", "/documents/sms/", "/signature/"] }],
      sitemap: `${serverEnv().SITE_URL}/sitemap.xml`,
    });
  });
});
