import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { paths } from "@/config/paths";
import { directionOf } from "@/domain/locales";
import { buttonClasses } from "@/ui/button";
import type { ContentPageKey } from "./content-page-content";
import type { ContentPageView } from "./content-page-view";

/** Which way forward each page offers at its end. */
const NEXT_STEP: Record<ContentPageKey, "quote" | "catalogue" | "pro" | null> = {
  commitments: "quote",
  press: null,
  professionals: "pro",
  services: "quote",
  detailedServices: "quote",
  ecological: "quote",
};

async function NextStep({ view }: { view: ContentPageView }) {
  const kind = NEXT_STEP[view.page.key];
  if (!kind) return null;
  const t = await getTranslations({ locale: view.hostLocale, namespace: "ContentPages" });
  const target = { quote: paths.funeralQuote(), catalogue: paths.tombstoneCatalogue(), pro: paths.proHome() }[kind];
  return (
    <aside aria-labelledby="next-step-title" className="mt-14 rounded-lg bg-primary p-6 text-on-primary sm:p-8">
      <h2 id="next-step-title" className="font-serif text-2xl font-semibold text-on-primary">
        {t(`next.${kind}.title`)}
      </h2>
      <p className="mt-2 max-w-2xl text-on-primary/90">{t(`next.${kind}.body`)}</p>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Link href={target} className={buttonClasses({ variant: "secondary", size: "lg" })}>
          {t(`next.${kind}.action`)}
        </Link>
        {kind !== "pro" ? (
          <a
            href={`tel:${ADVISOR_PHONE_E164}`}
            aria-label={t("callAria", { phone: ADVISOR_PHONE })}
            className="inline-flex min-h-13 items-center gap-2 rounded-md border border-on-primary/60 px-5 text-lg font-semibold text-on-primary hover:bg-on-primary/10"
          >
            <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
            </svg>
            <span dir="ltr">{ADVISOR_PHONE}</span>
          </a>
        ) : null}
      </div>
    </aside>
  );
}

/**
 * A French editorial page (commitments, press, services…). On the French host it is
 * simply the page. On another host the French text is kept whole inside lang="fr"
 * (screen readers switch voice, the browser can offer to translate it) and is
 * preceded by a notice and the page's gist in the visitor's language.
 *
 * `toc` and `children` (the rendered Markdown) come from the editorial pipeline,
 * wired by the route.
 */
export async function ContentPage({ view, toc, children }: { view: ContentPageView; toc?: ReactNode; children: ReactNode }) {
  const { hostLocale, page } = view;
  const t = await getTranslations({ locale: hostLocale, namespace: "ContentPages" });
  const pages = await getTranslations({ locale: hostLocale, namespace: "Pages" });
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      {view.frenchOnly ? (
        <div role="note" aria-labelledby="french-only-title" className="mt-6 max-w-3xl rounded-md border border-primary/30 bg-primary-soft px-4 py-4 text-ink sm:px-5">
          <p id="french-only-title" className="font-semibold">
            {t("frenchOnly")}
          </p>
          <p className="mt-1 text-ink-soft">
            <span className="font-medium text-ink">{t("summary")}</span> {pages(`${page.key}.lead`)}
          </p>
        </div>
      ) : null}
      {/* The layout follows the page's direction; the French texts carry their own. */}
      <article lang="fr" className="mt-8 grid gap-x-12 gap-y-8 sm:mt-12 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <header className="lg:col-start-1">
          <div dir="ltr">
            <h1 className="max-w-[24ch] text-3xl font-semibold sm:text-5xl sm:leading-[1.1]">{page.title}</h1>
            <p className="mt-4 max-w-[60ch] text-lg text-ink-soft sm:text-xl">{page.description}</p>
          </div>
        </header>
        {toc ? (
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1" lang={hostLocale} dir={directionOf(hostLocale)}>
            <div className="lg:sticky lg:top-6">{toc}</div>
          </div>
        ) : null}
        <div className="lg:col-start-1">{children}</div>
      </article>
      <div lang={hostLocale}>
        <NextStep view={view} />
      </div>
    </div>
  );
}

/** Title of the table of contents, in the visitor's language. */
export async function contentPageTocTitle(view: ContentPageView): Promise<string> {
  const t = await getTranslations({ locale: view.hostLocale, namespace: "ContentPages" });
  return t("toc");
}
