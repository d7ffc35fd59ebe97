import { ClientMessages } from "@/i18n/client-messages";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { paths } from "@/config/paths";
import { buttonClasses } from "@/ui/button";
import { Hero } from "@/ui/hero";
import { QuoteReviews } from "./quote-reviews";

/**
 * /devis-obseques: what the quote is, why it can be trusted, how it works, what other
 * families said, and the way in. Static: nothing here depends on the visitor.
 */

const STEPS = ["situation", "choices", "price", "sent"] as const;
const PROMISES = ["free", "legal", "channel", "noPressure"] as const;

function Check() {
  return (
    <svg className="mt-1 size-5 shrink-0 text-accent" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
      <path d="m4.5 10.5 3.5 3.5 7.5-8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export async function QuoteLanding() {
  const t = await getTranslations("Quote.landing");
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <Hero
        title={t("title")}
        lead={t("lead")}
        action={{ href: paths.funnelStart(), label: t("start") }}
        call={{ label: t("call") }}
        footer={<p className="mt-4 text-ink-soft">{t("duration")}</p>}
      >
        <ul className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {(["reassureFree", "reassureLegal", "reassureSaved"] as const).map((key) => (
            <li key={key} className="flex items-start gap-2 text-ink">
              <Check />
              <span>{t(key)}</span>
            </li>
          ))}
        </ul>
      </Hero>

      <section aria-labelledby="quote-how" className="border-t border-line py-10">
        <h2 id="quote-how" className="text-2xl sm:text-3xl">
          {t("howTitle")}
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-4">
          {STEPS.map((key, index) => (
            <li key={key} className="rounded-lg border border-line bg-surface p-5">
              <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary">
                {index + 1}
              </span>
              <h3 className="mt-3 font-sans text-lg font-semibold">{t(`how.${key}.title`)}</h3>
              <p className="mt-1 text-ink-soft">{t(`how.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="quote-legal" className="border-t border-line py-10">
        <div className="grid gap-8 md:grid-cols-2">
          <div>
            <h2 id="quote-legal" className="text-2xl sm:text-3xl">
              {t("legalTitle")}
            </h2>
            <p className="mt-4 text-lg text-ink-soft">{t("legalText")}</p>
            <ul className="mt-4 flex flex-col gap-2">
              {(["legalMandatory", "legalOptional", "legalAdvanced"] as const).map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <Check />
                  <span>{t(key)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-lg border border-primary/30 bg-primary-soft p-6">
            <h2 className="font-sans text-xl font-semibold">{t("deadlineTitle")}</h2>
            <p className="mt-3 text-ink">{t("deadlineText")}</p>
            <p className="mt-3 text-ink-soft">{t("deadlineHelp")}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="quote-promises" className="border-t border-line py-10">
        <h2 id="quote-promises" className="text-2xl sm:text-3xl">
          {t("promisesTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {PROMISES.map((key) => (
            <li key={key} className="rounded-lg border border-line bg-surface p-5">
              <h3 className="font-sans text-lg font-semibold">{t(`promises.${key}.title`)}</h3>
              <p className="mt-1 text-ink-soft">{t(`promises.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="border-t border-line">
        <ClientMessages namespaces={["Quote.landing.reviews"]}>
          <QuoteReviews />
        </ClientMessages>
      </div>

      <section aria-labelledby="quote-final" className="mb-12 rounded-lg bg-primary px-6 py-10 text-on-primary sm:px-10">
        <h2 id="quote-final" className="text-2xl text-on-primary sm:text-3xl">
          {t("finalTitle")}
        </h2>
        <p className="mt-3 max-w-2xl text-lg">{t("finalText")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href={paths.funnelStart()} className={buttonClasses({ size: "lg", variant: "secondary" })}>
            {t("start")}
          </Link>
          <a href={`tel:${ADVISOR_PHONE_E164}`} className="inline-flex min-h-13 items-center rounded-md border border-on-primary/60 px-6 text-lg font-semibold text-on-primary hover:bg-primary-hover">
            {t("call")}&nbsp;<span dir="ltr">{ADVISOR_PHONE}</span>
          </a>
        </div>
      </section>
    </div>
  );
}
