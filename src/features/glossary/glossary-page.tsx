import { ClientMessages } from "@/i18n/client-messages";
import { getTranslations } from "next-intl/server";
import { directionOf, type Locale } from "@/domain/locales";
import { ALPHABET, letterAnchor } from "./glossary-content";
import { GlossaryFilter } from "./glossary-filter";
import type { GlossaryView } from "./glossary-view";

/** Name of a language in the visitor's language ("anglais", "Englisch"); Serbian texts use the Latin script. */
function displayName(locale: Locale, inLocale: Locale): string {
  try {
    return new Intl.DisplayNames([inLocale === "sr" ? "sr-Latn" : inLocale], { type: "language" }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * /lexique-obseques: the words of the funeral trade from A to Z. Each letter and
 * each term has an anchor (#lettre-a, #thanatopraxie) so guides and advisors can
 * link straight to a definition.
 */
export async function GlossaryPage({ view }: { view: GlossaryView }) {
  const { hostLocale, contentLocale, groups } = view;
  const t = await getTranslations({ locale: hostLocale, namespace: "Glossary" });
  const pages = await getTranslations({ locale: hostLocale, namespace: "Pages" });
  const hostDir = directionOf(hostLocale);
  const contentDir = directionOf(contentLocale);
  const present = new Set(groups.map((g) => g.letter));
  const letters = [...ALPHABET, ...(present.has("#") ? ["#"] : [])];
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <header className="py-10 sm:py-14">
        <h1 className="max-w-3xl text-3xl font-semibold sm:text-5xl">{pages("glossary.heading")}</h1>
        <p className="mt-5 max-w-2xl text-lg text-ink-soft sm:text-xl">{pages("glossary.lead")}</p>
        <p className="mt-3 text-base text-ink-soft">{t("termCount", { count: view.terms.length })}</p>
        {view.isFallback ? (
          <p role="note" className="mt-6 max-w-2xl rounded-md border border-primary/30 bg-primary-soft px-4 py-3 text-ink">
            {t("fallbackNotice", { language: displayName(contentLocale, hostLocale) })}
          </p>
        ) : null}
      </header>

      <ClientMessages namespaces={["Glossary"]}>
        <GlossaryFilter>
          <nav id="index" aria-label={t("letterIndex")} className="mb-8 scroll-mt-4 rounded-lg border border-line bg-surface p-3 sm:p-4" dir="ltr">
            <ol className="flex flex-wrap gap-1">
              {letters.map((letter) =>
                present.has(letter) ? (
                  <li key={letter}>
                    <a
                      href={`#${letterAnchor(letter)}`}
                      data-glossary-index-letter={letterAnchor(letter)}
                      aria-label={t("letterLink", { letter })}
                      className="flex h-11 w-11 items-center justify-center rounded-md font-serif lg:w-9 text-lg font-semibold text-primary hover:bg-primary-soft data-[empty=true]:text-line-strong data-[empty=true]:opacity-60"
                    >
                      {letter}
                    </a>
                  </li>
                ) : (
                  // Letters without terms keep the alphabet's shape on wide screens; phones skip them to save space.
                  <li key={letter} aria-hidden="true" className="hidden h-11 w-11 items-center justify-center font-serif text-lg text-line-strong sm:flex lg:w-9">
                    {letter}
                  </li>
                ),
              )}
            </ol>
          </nav>
          <div lang={contentLocale} dir={contentDir} className="flex flex-col gap-10">
            {groups.map((group) => (
              <section key={group.letter} id={group.anchor} data-glossary-letter aria-labelledby={`${group.anchor}-title`} className="scroll-mt-4">
                <div className="flex items-baseline justify-between gap-4 border-b-2 border-sand-300 pb-2">
                  <h2 id={`${group.anchor}-title`} className="font-serif text-3xl font-semibold text-primary">
                    {group.letter}
                  </h2>
                  <a href="#index" lang={hostLocale} dir={hostDir} className="inline-flex min-h-11 items-center text-base text-ink-soft underline underline-offset-[0.2em] hover:text-primary">
                    {t("backToIndex")}
                  </a>
                </div>
                <dl className="mt-2 divide-y divide-line">
                  {group.terms.map((term) => (
                    <div key={term.slug} data-glossary-term className="py-5">
                      <dt id={term.slug} className="scroll-mt-4 font-serif text-xl font-semibold text-ink">
                        {term.term}
                      </dt>
                      <dd className="mt-2 max-w-[70ch] leading-relaxed text-ink">
                        <p>{term.definition}</p>
                        {term.related.length > 0 ? (
                          <p className="mt-2 text-base text-ink-soft">
                            <span lang={hostLocale} dir={hostDir}>
                              {t("seeAlso")}
                            </span>{" "}
                            {term.related
                              .filter((slug) => view.names[slug])
                              .map((slug, index) => (
                                <span key={slug}>
                                  {index > 0 ? ", " : null}
                                  <a href={`#${slug}`} className="font-medium text-primary underline underline-offset-[0.2em] hover:decoration-2">
                                    {view.names[slug]}
                                  </a>
                                </span>
                              ))}
                          </p>
                        ) : null}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </GlossaryFilter>
      </ClientMessages>
    </div>
  );
}
