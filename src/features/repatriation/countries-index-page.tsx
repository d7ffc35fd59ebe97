import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { PROCEDURE_STEPS } from "./country-page";

export interface CountryLink {
  code: string;
  name: string;
  href: string;
  flights: number;
  consulates: number;
  featured: boolean;
}

/** /rapatriement-corps-pays: the usual destinations first, then every country in the reader's alphabetical order. */
export async function CountriesIndexPage({ countries, locale }: { countries: CountryLink[]; locale: string }) {
  const t = await getTranslations("Repatriation.index");
  const tc = await getTranslations("Repatriation.country");
  const collator = new Intl.Collator(locale);
  const sorted = [...countries].sort((a, b) => collator.compare(a.name, b.name));
  const featured = sorted.filter((c) => c.featured);
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <header className="py-10 sm:py-14">
        <h1 className="max-w-3xl text-3xl sm:text-5xl">{t("heading")}</h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-soft">{t("lead")}</p>
        <div className="mt-6">
          <Link
            href={paths.funeralQuote()}
            className="inline-flex min-h-12 items-center rounded-md bg-accent px-6 text-lg font-semibold text-on-primary hover:bg-accent-hover"
          >
            {tc("ctaQuote")}
          </Link>
        </div>
      </header>

      {featured.length > 0 ? (
        <section aria-labelledby="featured-heading" className="mb-12">
          <h2 id="featured-heading" className="text-2xl">
            {t("featured")}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {featured.map((c) => (
              <li key={c.code}>
                <Link href={c.href} className="flex min-h-16 flex-col justify-center rounded-md border border-line bg-surface px-4 py-3 shadow-card hover:border-primary">
                  <span className="font-semibold text-ink">{c.name}</span>
                  <span className="text-sm text-ink-soft">
                    {c.flights > 0 ? t("flightsCount", { count: c.flights }) : t("onRequest")}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="procedure-heading" className="mb-12 rounded-lg border border-line bg-sand-50 p-5 sm:p-6">
        <h2 id="procedure-heading" className="text-2xl">
          {t("procedureHeading")}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PROCEDURE_STEPS.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface font-semibold text-primary">
                {index + 1}
              </span>
              <span>{tc(`steps.${step}.title`)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="all-heading">
        <h2 id="all-heading" className="text-2xl">
          {t("all", { count: sorted.length })}
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-x-6 sm:grid-cols-2 lg:grid-cols-4">
          {sorted.map((c) => (
            <li key={c.code}>
              <Link href={c.href} prefetch={false} className="inline-flex min-h-11 items-center text-primary underline underline-offset-[0.2em] hover:decoration-2">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
