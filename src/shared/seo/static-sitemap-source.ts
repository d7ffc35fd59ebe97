import { paths } from "@/config/paths";
import type { SitemapSource } from "./sitemap-registry";
import type { SitemapEntry } from "./sitemap-xml";

/**
 * Every public route of SPEC §2 without a parameter, in all 11 locales. Left out on
 * purpose: /paiement (robots.txt disallows it, and listing a blocked URL is an error
 * for search engines) and the confirmation screens, which only make sense after a
 * form was sent and are not landing pages. Guides, the glossary and the French-only
 * content pages have sitemap sources of their own, listing only the locales they exist in.
 */
export const STATIC_SITEMAP_ENTRIES: readonly SitemapEntry[] = [
  { path: paths.home(), changeFrequency: "weekly", priority: 1 },
  { path: paths.funeralQuote(), changeFrequency: "monthly", priority: 0.9 },
  { path: paths.funnelStart(), changeFrequency: "monthly", priority: 0.8 },
  { path: paths.genericQuote(), changeFrequency: "monthly", priority: 0.7 },
  { path: paths.funeralIndex(), changeFrequency: "weekly", priority: 0.8 },
  { path: paths.repatriation(), changeFrequency: "monthly", priority: 0.8 },
  { path: paths.tombstone(), changeFrequency: "monthly", priority: 0.7 },
  { path: paths.tombstoneCatalogue(), changeFrequency: "weekly", priority: 0.7 },
  { path: paths.flowers(), changeFrequency: "weekly", priority: 0.7 },
  { path: paths.financialAid(), changeFrequency: "monthly", priority: 0.7 },
  { path: paths.reviews(), changeFrequency: "weekly", priority: 0.6 },
];

export const staticSitemapSource: SitemapSource = {
  name: "static",
  entries: async () => STATIC_SITEMAP_ENTRIES,
};
