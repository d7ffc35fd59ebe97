import { sitemapRegistry } from "@/shared/seo/sitemap-registry";
import { staticSitemapSource } from "@/shared/seo/static-sitemap-source";
import { guidesSitemapSource } from "@/features/guides/guides-sitemap";
import { glossarySitemapSource } from "@/features/glossary/glossary-sitemap";
import { contentPagesSitemapSource } from "@/features/content-pages/content-pages-sitemap";
import { placesSitemapFamilies } from "@/features/places/places-sitemap";
import { repatriationSitemapFamily } from "@/features/repatriation/repatriation-sitemap";
import { memorialsSitemapSource } from "@/shared/seo/memorial-seo";

/**
 * The one place page families join the sitemap: import a family's source and
 * register it here (`sitemapRegistry.register(guidesSitemapSource)`); it then gets
 * its own /sitemaps/<name>-<n>.xml files and a line in /sitemap.xml.
 */
sitemapRegistry.register(staticSitemapSource);
sitemapRegistry.register(guidesSitemapSource);
sitemapRegistry.register(glossarySitemapSource);
sitemapRegistry.register(contentPagesSitemapSource);
// One file family per département keeps each file small: every commune page exists in the 11 locales.
for (const family of placesSitemapFamilies()) sitemapRegistry.register(family);
sitemapRegistry.register(repatriationSitemapFamily);
// Public memorial pages only: link and private ones are never listed.
sitemapRegistry.register(memorialsSitemapSource);

export { sitemapRegistry };
