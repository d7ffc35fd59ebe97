import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { directionOf } from "@/domain/locales";
import { ArticleMeta } from "./article-meta";
import { Breadcrumbs } from "@/ui/breadcrumbs";
import { FallbackNotice, languageName } from "./fallback-notice";
import { GuideCta } from "./guide-cta";
import { articleReadingMinutes, ctaText, type GuideCategoryView } from "./guide-views";

/** /guides-obseques/{category}: the theme's introduction and its articles, newest first. */
export async function GuideCategoryPage({ view }: { view: GuideCategoryView }) {
  const { hostLocale, contentLocale, category } = view;
  const t = await getTranslations({ locale: hostLocale, namespace: "Guides" });
  const contentDir = directionOf(contentLocale);
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <Breadcrumbs label={t("breadcrumbLabel")} items={view.crumbs} className="pt-6" />
      <header className="py-8 sm:py-12">
        <div lang={contentLocale} dir={contentDir}>
          <h1 className="max-w-3xl text-3xl font-semibold sm:text-5xl">{category.title}</h1>
          {view.intro.html ? (
            <div
              className="mt-5 max-w-2xl text-lg text-ink-soft sm:text-xl [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-[0.2em] [&_p+p]:mt-3"
              // Sanitised by renderMarkdown.
              dangerouslySetInnerHTML={{ __html: view.intro.html }}
            />
          ) : null}
        </div>
        {view.isFallback ? (
          <FallbackNotice className="mt-6 max-w-2xl" text={t("fallbackNotice", { language: languageName(contentLocale, hostLocale) })} />
        ) : null}
      </header>

      <h2 className="sr-only">{t("articlesHeading", { category: category.title })}</h2>
      <ul lang={contentLocale} className="grid gap-5 md:grid-cols-2">
        {view.articles.map((article) => (
          <li key={article.slug} dir={contentDir} className="flex flex-col rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
            <h3 className="font-serif text-xl font-semibold leading-snug">
              <Link
                href={paths.guideArticle(article.category, article.slug)}
                className="rounded-sm text-primary underline decoration-1 underline-offset-[0.2em] hover:decoration-2"
              >
                {article.title}
              </Link>
            </h3>
            <p className="mt-2 flex-1 text-ink-soft">{article.description}</p>
            <div lang={hostLocale} dir={directionOf(hostLocale)}>
              <ArticleMeta
                locale={hostLocale}
                minutes={articleReadingMinutes(article)}
                published={article.datePublished}
                modified={article.dateModified}
                showPublished={false}
                className="mt-4 text-sm"
              />
            </div>
          </li>
        ))}
      </ul>

      {view.otherCategories.length > 0 ? (
        <nav aria-labelledby="other-categories" className="mt-12">
          <h2 id="other-categories" className="font-serif text-2xl font-semibold">
            {t("otherCategories")}
          </h2>
          <ul lang={contentLocale} className="mt-4 flex flex-wrap gap-3">
            {view.otherCategories.map((other) => (
              <li key={other.slug} dir={contentDir}>
                <Link
                  href={paths.guideCategory(other.slug)}
                  className="inline-flex min-h-11 items-center rounded-full border border-line-strong bg-surface px-4 font-medium text-ink hover:border-primary hover:text-primary"
                >
                  {other.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <GuideCta text={await ctaText(hostLocale)} className="mt-12" />
    </div>
  );
}
