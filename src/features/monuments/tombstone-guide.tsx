import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { articleJsonLd, type JsonLdNode } from "@/shared/seo/json-ld";
import { buttonClasses } from "@/ui/button";
import { monumentPartsSvg } from "./monument-parts";

/**
 * /pierre-tombale: the guide a family reads before choosing a monument — what it is made of,
 * granites, finishes, concessions, the cemetery's rules, when it can be laid, prices and care —
 * with the way into the configurator. Static and translated (TombstoneGuide messages).
 */

/** Sections in reading order and how many paragraphs each has. */
export const GUIDE_SECTIONS = {
  parts: 2,
  granites: 2,
  finishes: 1,
  concession: 2,
  rules: 2,
  timing: 2,
  prices: 2,
  engraving: 2,
  care: 1,
} as const;
export type GuideSection = keyof typeof GUIDE_SECTIONS;
export const GUIDE_FAQ = ["when", "authorisation", "price", "existing"] as const;
const PART_KEYS = ["semelle", "soubassement", "tombale", "stele"] as const;

export async function guideToc(): Promise<{ title: string; entries: { id: string; text: string; depth: 2 }[] }> {
  const t = await getTranslations("TombstoneGuide");
  return {
    title: t("toc"),
    entries: [...(Object.keys(GUIDE_SECTIONS) as GuideSection[]).map((key) => ({ id: key, text: t(`sections.${key}.title`), depth: 2 as const })), { id: "faq", text: t("faqTitle"), depth: 2 }],
  };
}

export async function guideFaq(): Promise<{ question: string; answer: string }[]> {
  const t = await getTranslations("TombstoneGuide.faq");
  return GUIDE_FAQ.map((key) => ({ question: t(`${key}.q`), answer: t(`${key}.a`) }));
}

function Cta({ label }: { label: string }) {
  return (
    <Link href={paths.tombstoneCatalogue()} className={buttonClasses({ size: "lg" })}>
      {label}
    </Link>
  );
}

export async function TombstoneGuide({ toc }: { toc?: ReactNode }) {
  const t = await getTranslations("TombstoneGuide");
  const faq = await guideFaq();
  return (
    <article className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <header className="py-8">
        <h1 className="text-3xl sm:text-4xl">{t("title")}</h1>
        <p className="mt-3 max-w-3xl text-lg text-ink-soft">{t("lead")}</p>
        <div className="mt-5">
          <Cta label={t("cta")} />
        </div>
      </header>
      <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="lg:sticky lg:top-4 lg:self-start">{toc}</div>
        <div className="flex min-w-0 max-w-3xl flex-col gap-10">
          {(Object.entries(GUIDE_SECTIONS) as [GuideSection, number][]).map(([key, count]) => (
            <section key={key} aria-labelledby={key} className="scroll-mt-4">
              <h2 id={key} className="text-2xl sm:text-3xl">
                {t(`sections.${key}.title`)}
              </h2>
              {key === "parts" ? (
                <figure className="mt-4">
                  {/* a fixed drawing; its only text is our own translated title, escaped by the drawing */}
                  <div className="mx-auto max-w-sm" dangerouslySetInnerHTML={{ __html: monumentPartsSvg(t("figure")) }} />
                  <figcaption className="mt-2">
                    <dl className="grid gap-2 sm:grid-cols-2">
                      {PART_KEYS.map((part, i) => (
                        <div key={part}>
                          <dt className="font-semibold">
                            {i + 1}. {t(`parts.${part}.name`)}
                          </dt>
                          <dd className="m-0 text-ink-soft">{t(`parts.${part}.text`)}</dd>
                        </div>
                      ))}
                    </dl>
                  </figcaption>
                </figure>
              ) : null}
              {Array.from({ length: count }, (_, i) => (
                <p key={i} className="mt-3 text-lg leading-relaxed">
                  {t(`sections.${key}.p${i + 1}`)}
                </p>
              ))}
            </section>
          ))}
          <section aria-labelledby="faq">
            <h2 id="faq" className="text-2xl sm:text-3xl">
              {t("faqTitle")}
            </h2>
            <dl className="mt-4 flex flex-col gap-4">
              {faq.map(({ question, answer }) => (
                <div key={question} className="rounded-lg border border-line bg-surface p-4">
                  <dt className="font-semibold">{question}</dt>
                  <dd className="m-0 mt-1 text-ink-soft">{answer}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="guide-start" className="rounded-lg bg-primary-soft p-6">
            <h2 id="guide-start" className="text-2xl">
              {t("startTitle")}
            </h2>
            <p className="mt-2 text-lg">{t("startText")}</p>
            <div className="mt-4">
              <Cta label={t("cta")} />
            </div>
          </section>
        </div>
      </div>
    </article>
  );
}

/** Article and FAQPage structured data of the guide, in the page's language and on its host. */
export async function guideJsonLd(localeParam: string): Promise<JsonLdNode[]> {
  const locale = localeOrDefault(localeParam);
  const t = await getTranslations({ locale, namespace: "TombstoneGuide" });
  const siteUrl = originForLocale(serverEnv().SITE_URL, locale);
  const url = `${siteUrl}${paths.tombstone()}`;
  const faq = await guideFaq();
  return [
    articleJsonLd({ siteUrl, url, headline: t("title"), description: t("lead"), inLanguage: locale, datePublished: GUIDE_PUBLISHED, section: t("section") }),
    {
      "@type": "FAQPage",
      "@id": `${url}#faq`,
      mainEntity: faq.map(({ question, answer }) => ({ "@type": "Question", name: question, acceptedAnswer: { "@type": "Answer", text: answer } })),
    },
  ];
}
const GUIDE_PUBLISHED = "2026-11-25";
