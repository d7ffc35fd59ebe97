import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { directionOf } from "@/domain/locales";
import { ArticleMeta } from "./article-meta";
import { Breadcrumbs } from "@/ui/breadcrumbs";
import { FallbackNotice, languageName } from "./fallback-notice";
import { GuideCta } from "./guide-cta";
import { ctaText, type GuideArticleView } from "./guide-views";
import { Prose } from "./prose";
import { TableOfContents } from "./table-of-contents";

/**
 * /guides-obseques/{category}/{article}. The text column stays near 70 characters;
 * from the large breakpoint the table of contents follows the reader beside it.
 * When the host's language has no version, the article element carries the
 * language actually shown, while the page's own words (dates, labels) stay in the
 * visitor's language.
 */
export async function GuideArticlePage({ view }: { view: GuideArticleView }) {
  const { hostLocale, contentLocale, article, category } = view;
  const t = await getTranslations({ locale: hostLocale, namespace: "Guides" });
  const hostDir = directionOf(hostLocale);
  const contentDir = directionOf(contentLocale);
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <Breadcrumbs label={t("breadcrumbLabel")} items={view.crumbs} className="pt-6" />
      {/* The layout follows the page's direction; the article's own texts carry their language and direction. */}
      <article lang={contentLocale} className="mt-8 grid gap-x-12 gap-y-8 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <header className="lg:col-start-1">
          <div dir={contentDir}>
            <p className="text-base font-semibold uppercase tracking-wide text-accent">
              <Link href={paths.guideCategory(category.slug)} className="rounded-sm underline-offset-[0.2em] hover:underline">
                {category.title}
              </Link>
            </p>
            <h1 className="mt-2 max-w-[24ch] text-3xl font-semibold sm:text-[2.75rem] sm:leading-[1.15]">{article.title}</h1>
            <p className="mt-4 max-w-[60ch] text-lg text-ink-soft sm:text-xl">
              {article.description}
            </p>
          </div>
          <div lang={hostLocale} dir={hostDir}>
            <ArticleMeta
              locale={hostLocale}
              minutes={view.readingMinutes}
              published={article.datePublished}
              modified={article.dateModified}
              className="mt-5 border-t border-line pt-4"
            />
            {view.isFallback ? (
              <FallbackNotice className="mt-5 max-w-[70ch]" text={t("fallbackNotice", { language: languageName(contentLocale, hostLocale) })} />
            ) : null}
          </div>
        </header>

        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1" lang={hostLocale} dir={hostDir}>
          <TableOfContents title={t("toc")} entries={view.rendered.toc} lang={contentLocale} className="lg:sticky lg:top-6" />
        </div>

        <Prose html={view.rendered.html} lang={contentLocale} className="lg:col-start-1" />
      </article>

      <GuideCta text={await ctaText(hostLocale)} className="mt-14" />

      {view.related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-14">
          <h2 id="related-title" className="font-serif text-2xl font-semibold">
            {t("related")}
          </h2>
          <ul lang={contentLocale} className="mt-5 grid gap-5 md:grid-cols-3">
            {view.related.map((related) => (
              <li key={`${related.category}/${related.slug}`} dir={contentDir} className="flex flex-col rounded-lg border border-line bg-surface p-5 shadow-card">
                <Link
                  href={paths.guideArticle(related.category, related.slug)}
                  className="font-serif text-lg font-semibold leading-snug text-primary underline decoration-1 underline-offset-[0.2em] hover:decoration-2"
                >
                  {related.title}
                </Link>
                <p className="mt-2 text-base text-ink-soft">{related.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
