import Link from "next/link";
import type { ReactNode } from "react";
import { getFormatter, getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import { paths } from "@/config/paths";
import { pageVar, type PageState } from "@/domain/page-state";
import type { PriceExample } from "@/domain/price-examples";
import { Hero } from "@/ui/hero";

const PROMISES = [
  { key: "prices", icon: "M4 7h16M4 12h10M4 17h7M17 14l2 2 4-4" },
  { key: "quote", icon: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" },
  { key: "advisors", icon: "M12 21s-7-4.4-7-10a7 7 0 0 1 14 0c0 5.6-7 10-7 10zM12 8v4l2 2" },
] as const;

const STEPS = ["answer", "quote", "advisor", "handled"] as const;

const MORE_LINKS = [
  { key: "funeralHomes", href: paths.funeralIndex() },
  { key: "detailedServices", href: paths.detailedServices() },
  { key: "services", href: paths.services() },
  { key: "ecological", href: paths.ecological() },
  { key: "financialAid", href: paths.financialAid() },
  { key: "guides", href: paths.guides() },
  { key: "glossary", href: paths.glossary() },
  { key: "genericQuote", href: paths.genericQuote() },
] as const;

/**
 * The home page: the promise, how it works, two price examples computed by the pricing
 * engine in the layout of the legal quote model, the reviews and a way into every
 * service. Reviews and service tiles come in as slots from the route, which wires the
 * features together.
 */
export async function HomePage({
  state,
  examples,
  reviews,
  services,
}: {
  state: PageState;
  examples: readonly PriceExample[];
  reviews: ReactNode;
  services: ReactNode;
}) {
  const t = await getTranslations("Home");
  const shell = await getTranslations("Shell");
  const format = await getFormatter();
  const euros = (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" });
  const rating = state.reviews.internal;
  const communes = Number(pageVar(state, "communes_count") ?? 0);
  const countries = Number(pageVar(state, "countries_count") ?? 0);

  return (
    <div>
      <Hero
        prominent
        title={t("hero.heading")}
        lead={t("hero.lead")}
        action={{ href: paths.funeralQuote(), label: t("hero.cta") }}
        call={{ ariaLabel: shell("callAria", { phone: ADVISOR_PHONE }) }}
        footer={
          rating.total_reviews > 0 ? (
            <p className="mt-6">
              <Link href={paths.reviews()} className="text-primary underline underline-offset-[0.2em] hover:decoration-2" data-testid="home-rating">
                {t("hero.rating", {
                  rating: format.number(rating.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                  count: rating.total_reviews,
                })}
              </Link>
            </p>
          ) : null
        }
      />

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <section aria-labelledby="promise-heading" className="py-14">
          <h2 id="promise-heading" className="text-3xl">
            {t("promise.heading")}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {PROMISES.map((p) => (
              <li key={p.key} className="rounded-lg border border-line bg-surface p-6 shadow-card">
                <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent" aria-hidden="true">
                  <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                    <path d={p.icon} />
                  </svg>
                </span>
                <h3 className="mt-4 font-sans text-xl font-semibold">{t(`promise.${p.key}.title`)}</h3>
                <p className="mt-2 text-ink-soft">{t(`promise.${p.key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="steps-heading" className="py-10">
          <h2 id="steps-heading" className="text-3xl">
            {t("steps.heading")}
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step} className="flex gap-4 lg:flex-col">
                <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-on-primary">
                  {format.number(index + 1)}
                </span>
                <div>
                  <h3 className="font-sans text-lg font-semibold">{t(`steps.${step}.title`)}</h3>
                  <p className="mt-1 text-ink-soft">{t(`steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="prices-heading" className="py-14">
          <h2 id="prices-heading" className="text-3xl">
            {t("prices.heading")}
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-ink-soft">{t("prices.lead")}</p>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {examples.map((example) => (
              <article key={example.id} className="flex flex-col rounded-lg border border-line bg-surface p-6 shadow-card" data-testid={`price-example-${example.id}`}>
                <h3 className="font-sans text-xl font-semibold">{t(`prices.${example.id}.title`)}</h3>
                <p className="mt-1 text-ink-soft">{t(`prices.${example.id}.text`)}</p>
                <p className="mt-4 text-4xl font-semibold text-ink" data-testid="price-example-total">
                  {euros(example.totalCents)}
                </p>
                <p className="text-sm text-ink-soft">{t("prices.taxes", { vat: euros(example.vatCents) })}</p>
                <table className="mt-5 w-full border-collapse text-start">
                  <caption className="sr-only">{t("prices.tableCaption", { example: t(`prices.${example.id}.title`) })}</caption>
                  <thead>
                    <tr className="border-b border-line text-sm text-ink-soft">
                      <th scope="col" className="py-2 pe-3 text-start font-medium">
                        {t("prices.sectionColumn")}
                      </th>
                      <th scope="col" className="py-2 text-end font-medium">
                        {t("prices.amountColumn")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {example.sections.map((section) => (
                      <tr key={section.id} className="border-b border-line last:border-0">
                        <th scope="row" className="py-2 pe-3 text-start font-normal">
                          <span className="me-2 inline-block min-w-7 text-sm font-semibold text-ink-soft">{section.number}</span>
                          {t(`prices.sections.${section.id}`)}
                        </th>
                        <td className="py-2 text-end tabular-nums">{euros(section.ttcCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {example.advancedCents > 0 ? <p className="mt-3 text-sm text-ink-soft">{t("prices.advanced", { amount: euros(example.advancedCents) })}</p> : null}
                {example.onlyMandatory ? <p className="mt-2 text-sm text-ink-soft">{t("prices.onlyMandatory")}</p> : null}
              </article>
            ))}
          </div>
          {examples.some((e) => e.isDemo) ? <p className="mt-4 text-sm font-medium text-warning">{t("prices.demo")}</p> : null}
          <p className="mt-6">
            <Link
              href={paths.funeralQuote()}
              className="inline-flex min-h-12 items-center rounded-md bg-primary px-6 font-semibold text-on-primary hover:bg-primary-hover"
            >
              {t("prices.cta")}
            </Link>
          </p>
        </section>

        <section aria-labelledby="reviews-heading" className="py-10">
          <h2 id="reviews-heading" className="mb-6 text-3xl">
            {t("reviews.heading")}
          </h2>
          {reviews}
        </section>

        <section aria-labelledby="services-heading" className="py-14">
          <h2 id="services-heading" className="text-3xl">
            {t("services.heading")}
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-ink-soft">
            {t("services.lead", { communes: format.number(communes), countries: format.number(countries) })}
          </p>
          <div className="mt-8">{services}</div>
          <h3 className="mt-10 font-sans text-lg font-semibold">{t("services.more")}</h3>
          <ul className="mt-3 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-4">
            {MORE_LINKS.map((link) => (
              <li key={link.key}>
                <Link href={link.href} className="inline-flex min-h-11 items-center text-primary underline underline-offset-[0.2em] hover:decoration-2">
                  {t(`services.links.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
