import { CONTENT_PAGE_KEYS, CONTENT_PAGE_LOCALE, CONTENT_PAGES } from "./content-page-content";

const PRIORITY: Record<keyof typeof CONTENT_PAGES, number> = {
  commitments: 0.5,
  press: 0.4,
  professionals: 0.4,
  services: 0.7,
  detailedServices: 0.7,
  ecological: 0.6,
};

/** Registered in app/sitemaps/sources.ts: the French-only pages, listed on the French host only. */
export const contentPagesSitemapSource = {
  name: "content-pages",
  entries: async () =>
    CONTENT_PAGE_KEYS.map((key) => ({
      path: CONTENT_PAGES[key].path,
      locales: [CONTENT_PAGE_LOCALE],
      changeFrequency: "monthly" as const,
      priority: PRIORITY[key],
    })),
};
