import { paths } from "@/config/paths";
import { glossaryLocales } from "./glossary-content";

/** Registered in app/sitemaps/sources.ts: the glossary, listed on the hosts whose language it is written in. */
export const glossarySitemapSource = {
  name: "glossary",
  entries: async () => {
    const locales = glossaryLocales();
    return locales.length > 0 ? [{ path: paths.glossary(), locales, changeFrequency: "monthly" as const, priority: 0.6 }] : [];
  },
};
