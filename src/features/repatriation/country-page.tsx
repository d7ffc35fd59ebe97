import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import { paths } from "@/config/paths";
import { Hero } from "@/ui/hero";
import { DemoTag, UnpublishedTag } from "@/ui/tags";
import type { CountryView } from "./country-view";

export const PROCEDURE_STEPS = ["declaration", "certificate", "coffin", "laissezPasser", "consulate", "flight"] as const;
export const DOCUMENTS = ["deathCertificate", "nonContagion", "closing", "laissezPasser", "consulate", "identity"] as const;

/** Where the page sits, for the breadcrumb trail and its structured data. */
export async function countryCrumbs(view: CountryView): Promise<Array<{ name: string; href: string }>> {
  const t = await getTranslations("Repatriation.breadcrumbs");
  return [
    { name: t("home"), href: paths.home() },
    { name: t("index"), href: paths.repatriation() },
    { name: view.name, href: view.path },
  ];
}

function place(parts: ReadonlyArray<string | null | undefined>): string {
  return parts.filter((p): p is string => Boolean(p && p.trim())).join(", ");
}

/** /rapatriement-corps-pays/{country}: procedure, documents, consulates, flights, price and delays. */
export async function CountryPage({ view, locale }: { view: CountryView; locale: string }) {
  const t = await getTranslations("Repatriation.country");
  const tr = await getTranslations("Repatriation");
  const shell = await getTranslations("Shell");
  const format = await getFormatter();
  const euros = (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" });
  const country = view.name;
  const estimate = view.estimate;
  const pricedRoutes = view.routes.filter((r) => r.coffinPriceCents !== null);

  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <Hero
        title={t("heading", { country })}
        lead={t("lead", { country })}
        action={{ href: paths.funeralQuote(), label: t("ctaQuote") }}
        call={{ ariaLabel: shell("callAria", { phone: ADVISOR_PHONE }) }}
      >
        <p className="mt-3 max-w-2xl">{t(`agreement.${view.agreement}`, { country })}</p>
      </Hero>

      <div className="grid grid-cols-1 gap-10 lg:grid-cols-3">
        <div className="min-w-0 space-y-12 lg:col-span-2">
          <section aria-labelledby="estimate-heading" className="rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
            <h2 id="estimate-heading" className="text-2xl">
              {t("estimateHeading")}
            </h2>
            {estimate ? (
              <>
                <p className="mt-3 text-3xl font-semibold text-ink" data-testid="repatriation-estimate">
                  {estimate.lowCents === estimate.highCents
                    ? t("estimateSingle", { amount: euros(estimate.lowCents) })
                    : t("estimateRange", { low: euros(estimate.lowCents), high: euros(estimate.highCents) })}
                </p>
                <p className="mt-2 text-ink-soft">{t("estimateIncludes")}</p>
                <p className="mt-2 text-ink-soft">
                  {estimate.freightLowCents === estimate.freightHighCents
                    ? t("freightSingle", { amount: euros(estimate.freightLowCents) })
                    : t("freightRange", { low: euros(estimate.freightLowCents), high: euros(estimate.freightHighCents) })}
                </p>
                <p className="mt-2 text-sm text-ink-soft">{t("estimateExcludes")}</p>
                {estimate.isDemo ? <p className="mt-2 text-sm font-medium text-warning">{t("estimateDemo")}</p> : null}
              </>
            ) : (
              <p className="mt-3 text-ink-soft">{t("estimateMissing")}</p>
            )}
          </section>

          <section aria-labelledby="steps-heading">
            <h2 id="steps-heading" className="text-2xl">
              {t("stepsHeading")}
            </h2>
            <ol className="mt-4 space-y-4">
              {PROCEDURE_STEPS.map((step, index) => (
                <li key={step} className="flex gap-4">
                  <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary">
                    {format.number(index + 1)}
                  </span>
                  <div>
                    <h3 className="font-sans text-lg font-semibold">{t(`steps.${step}.title`)}</h3>
                    <p className="mt-1 text-ink-soft">{t(`steps.${step}.text`, { country })}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="documents-heading">
            <h2 id="documents-heading" className="text-2xl">
              {t("documentsHeading")}
            </h2>
            <ul className="mt-4 space-y-3">
              {DOCUMENTS.map((doc) => (
                <li key={doc} className="flex gap-3">
                  <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-accent" />
                  <span>{t(`documents.${doc}`, { country })}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="routes-heading">
            <h2 id="routes-heading" className="text-2xl">
              {t("routesHeading")}
            </h2>
            {view.routes.length === 0 ? (
              <p className="mt-3 text-ink-soft">{t("routesNone", { country })}</p>
            ) : (
              <div className="mt-4 overflow-x-auto rounded-md border border-line" tabIndex={0} role="region" aria-labelledby="routes-heading">
                <table className="w-full min-w-[36rem] border-collapse bg-surface text-start">
                  <caption className="sr-only">{t("routesCaption", { country })}</caption>
                  <thead className="bg-sand-50">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-start font-semibold">{t("routesFrom")}</th>
                      <th scope="col" className="px-3 py-2 text-start font-semibold">{t("routesTo")}</th>
                      <th scope="col" className="px-3 py-2 text-start font-semibold">{t("routesAirline")}</th>
                      <th scope="col" className="px-3 py-2 text-end font-semibold">{t("routesPrice")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.routes.map((r) => (
                      <tr key={r.flightId} className="border-t border-line">
                        <td className="px-3 py-2">
                          <span dir="auto">{r.from.city ?? r.from.name}</span> <span className="text-sm text-ink-soft">({r.from.iata})</span>
                        </td>
                        <td className="px-3 py-2">
                          <span dir="auto">{r.to.city ?? r.to.name}</span> <span className="text-sm text-ink-soft">({r.to.iata})</span>
                          <span className="block text-sm text-ink-soft">
                            {r.stopover ? t("routesVia", { airport: `${r.stopover.city ?? r.stopover.name} (${r.stopover.iata})` }) : t("routesDirect")}
                          </span>
                        </td>
                        <td className="px-3 py-2">
                          <span dir="auto">{r.airline.name}</span>
                          {r.demo ? <DemoTag label={tr("demoTag")} /> : null}
                          {r.disabled ? <UnpublishedTag label={tr("unpublishedTag")} /> : null}
                        </td>
                        <td className="px-3 py-2 text-end tabular-nums">{r.coffinPriceCents === null ? t("routesOnRequest") : euros(r.coffinPriceCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {pricedRoutes.length > 0 ? <p className="mt-2 text-sm text-ink-soft">{t("routesPriceNote")}</p> : null}
          </section>

          {view.notes.length > 0 ? (
            <section aria-labelledby="notes-heading">
              <h2 id="notes-heading" className="text-2xl">
                {t("notesHeading")}
              </h2>
              {view.notesLang !== locale ? <p className="mt-1 text-sm text-ink-soft">{t("notesLanguage")}</p> : null}
              <ul className="mt-4 space-y-3" lang={view.notesLang}>
                {view.notes.map((note) => (
                  <li key={note} className="flex gap-3">
                    <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-primary" />
                    <span dir="auto">{note}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <aside className="space-y-8">
          <section aria-labelledby="delay-heading" className="rounded-lg border border-line bg-sand-50 p-5">
            <h2 id="delay-heading" className="text-xl">
              {t("delayHeading")}
            </h2>
            <p className="mt-2">
              {view.delayDays
                ? t("delayRange", { min: view.delayDays[0], max: view.delayDays[1] })
                : t("delayUnknown")}
            </p>
          </section>

          <section aria-labelledby="consulates-heading">
            <h2 id="consulates-heading" className="text-xl">
              {t("consulatesHeading")}
            </h2>
            {view.consulates.length === 0 ? (
              <p className="mt-2 text-ink-soft">{t("consulatesNone")}</p>
            ) : (
              <>
                <p className="mt-2 text-sm text-ink-soft">{t("consulatesRole")}</p>
                <ul className="mt-3 space-y-3">
                  {view.consulates.map((c) => (
                    <li key={c.id} className="rounded-md border border-line bg-surface p-3">
                      <p className="font-semibold">
                        <span lang="fr" dir="auto">
                          {c.name}
                        </span>
                        {c.demo ? <DemoTag label={tr("demoTag")} /> : null}
                        {c.disabled ? <UnpublishedTag label={tr("unpublishedTag")} /> : null}
                      </p>
                      <p className="text-ink-soft">
                        <span lang="fr" dir="auto">
                          {place([c.address, [c.postalCode, c.city].filter(Boolean).join(" ")])}
                        </span>
                      </p>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          <section aria-labelledby="airports-heading">
            <h2 id="airports-heading" className="text-xl">
              {t("airportsHeading")}
            </h2>
            {view.airports.length === 0 ? (
              <p className="mt-2 text-ink-soft">{t("airportsNone")}</p>
            ) : (
              <ul className="mt-3 space-y-1">
                {view.airports.map((a) => (
                  <li key={a.id}>
                    <span dir="auto">{a.name}</span> <span className="text-sm text-ink-soft">({a.iata})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {view.hasDemo ? <p className="text-sm text-ink-soft">{tr("demoNote")}</p> : null}
          <p>
            <Link href={paths.repatriation()} className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-[0.2em] hover:decoration-2">
              {t("allCountries")}
            </Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
