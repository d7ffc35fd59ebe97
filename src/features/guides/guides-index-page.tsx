import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { directionOf } from "@/domain/locales";
import { Breadcrumbs } from "@/ui/breadcrumbs";
import { FallbackNotice, languageName } from "./fallback-notice";
import { GuideCta } from "./guide-cta";
import { ctaText, type GuidesIndexView } from "./guide-views";

/** /guides-obseques: every theme with its articles, so a worried reader finds the right one in one look. */
export async function GuidesIndexPage({ view }: { view: GuidesIndexView }) {
  const { hostLocale, contentLocale } = view;
  const t = await getTranslations({ locale: hostLocale, namespace: "Guides" });
  const pages = await getTranslations({ locale: hostLocale, namespace: "Pages" });
  const contentDir = directionOf(contentLocale);
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <Breadcrumbs label={t("breadcrumbLabel")} items={view.crumbs} className="pt-6" />
      <header className="py-8 sm:py-12">
        <h1 className="max-w-3xl text-3xl font-semibold sm:text-5xl">{pages("guides.heading")}</h1>
        <p className="mt-5 max-w-2xl text-lg text-ink-soft sm:text-xl">{pages("guides.lead")}</p>
        {view.isFallback ? (
          <FallbackNotice className="mt-6 max-w-2xl" text={t("fallbackNotice", { language: languageName(contentLocale, hostLocale) })} />
        ) : null}
      </header>
      <div lang={contentLocale} className="grid gap-6 md:grid-cols-2">
        {view.sections.map(({ category, articles }) => (
          <section key={category.slug} dir={contentDir} aria-labelledby={`category-${category.slug}`} className="flex flex-col rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
            <h2 id={`category-${category.slug}`} className="font-serif text-2xl font-semibold">
              <Link href={paths.guideCategory(category.slug)} className="rounded-sm text-ink underline-offset-[0.2em] hover:text-primary hover:underline">
                {category.title}
              </Link>
            </h2>
            <p className="mt-2 text-ink-soft">{category.description}</p>
            {articles.length > 0 ? (
              <ul className="mt-4 flex flex-col border-t border-line">
                {articles.map((article) => (
                  <li key={article.slug} className="border-b border-line last:border-0">
                    <Link
                      href={paths.guideArticle(article.category, article.slug)}
                      className="flex min-h-12 items-center gap-2 py-2 font-medium text-primary underline decoration-1 underline-offset-[0.2em] hover:decoration-2"
                    >
                      {article.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="mt-auto pt-4" lang={hostLocale} dir={directionOf(hostLocale)}>
              <Link
                href={paths.guideCategory(category.slug)}
                aria-describedby={`category-${category.slug}`}
                className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-[0.2em] hover:decoration-2"
              >
                {t("seeCategory", { count: articles.length })}
              </Link>
            </p>
          </section>
        ))}
      </div>
      <GuideCta text={await ctaText(hostLocale)} className="mt-12" />
    </div>
  );
}
