import { type Locale, localeOrDefault } from "@/domain/locales";
import { CONTENT_PAGE_LOCALE, loadContentPage, type ContentPageKey, type ContentPageSource } from "./content-page-content";

export interface ContentPageView {
  hostLocale: Locale;
  page: ContentPageSource;
  /** True on every host but the French one: the text is shown in French with a notice. */
  frenchOnly: boolean;
  /** Input of buildMetadata (src/shared/seo/metadata.ts): always the French page, the only one that exists. */
  metadata: { locale: Locale; path: string; title: string; description: string; availableLocales: Locale[] };
}

export function contentPageView(localeParam: string, key: ContentPageKey): ContentPageView {
  const hostLocale: Locale = localeOrDefault(localeParam);
  const page = loadContentPage(key);
  return {
    hostLocale,
    page,
    frenchOnly: hostLocale !== CONTENT_PAGE_LOCALE,
    metadata: { locale: CONTENT_PAGE_LOCALE, path: page.path, title: page.title, description: page.description, availableLocales: [CONTENT_PAGE_LOCALE] },
  };
}
