import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import { paths } from "@/config/paths";
import { Hero } from "@/ui/hero";
import { DEADLINES, type CommuneView } from "./commune-view";
import type { ScenarioEstimate } from "./local-estimate";
import { PartnerLists } from "./partner-list";

/** Where the page sits, for the breadcrumb trail and its structured data. */
export async function communeCrumbs(view: CommuneView): Promise<Array<{ name: string; href: string }>> {
  const t = await getTranslations("Places.breadcrumbs");
  return [
    { name: t("home"), href: paths.home() },
    { name: t("index"), href: paths.funeralIndex() },
    { name: view.department.name, href: view.department.href },
    { name: view.commune.name, href: view.path },
  ];
}

function EstimateCard({ title, note, amount, fromLabel, taxesLabel }: {
  title: string;
  note: string | null;
  amount: string;
  fromLabel: string;
  taxesLabel: string;
}) {
  return (
    <div className="flex flex-col rounded-md border border-line bg-paper p-4">
      <h3 className="font-sans text-base font-semibold text-ink">{title}</h3>
      <p className="mt-2 text-ink-soft">
        {fromLabel}{" "}
        <span className="block text-3xl font-semibold text-ink" data-testid="estimate-amount">
          {amount}
        </span>
      </p>
      <p className="text-sm text-ink-soft">{taxesLabel}</p>
      {note ? <p className="mt-2 text-sm text-ink-soft">{note}</p> : null}
    </div>
  );
}

export async function CommunePage({ view, rating }: { view: CommuneView; rating: { rating: number; total: number } }) {
  const t = await getTranslations("Places.commune");
  const tp = await getTranslations("Places");
  const shell = await getTranslations("Shell");
  const format = await getFormatter();
  const name = view.commune.name;
  const euros = (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" });
  const { cremation, burial } = view.estimate;
  const scenarioNote = (scenario: ScenarioEstimate, kind: "cremation" | "burial") => {
    if (!scenario.complete) return t(kind === "cremation" ? "estimate.incompleteCremation" : "estimate.incompleteBurial");
    const parts = [scenario.partnerName ? t("estimate.usesPartner", { partner: scenario.partnerName }) : null];
    if (scenario.residentRate) parts.push(t("estimate.residentRate", { commune: name }));
    return parts.filter(Boolean).join(" · ") || null;
  };
  const cityhallAddress = [view.commune.address, [view.commune.postalCode, name].filter(Boolean).join(" ")].filter(Boolean).join(", ");

  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <Hero
        title={t("heading", { commune: name })}
        lead={t("lead", { commune: name, department: view.department.name })}
        action={{ href: paths.funeralQuote(), label: t("estimate.cta") }}
        call={{ ariaLabel: shell("callAria", { phone: ADVISOR_PHONE }) }}
        footer={
          rating.total > 0 ? (
            <p className="mt-6">
              <Link href={paths.reviews()} className="text-primary underline underline-offset-[0.2em] hover:decoration-2">
                {t("ratingLine", { rating: format.number(rating.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), count: rating.total })}
              </Link>
            </p>
          ) : null
        }
      />

      <div className="grid gap-10 lg:grid-cols-3">
        <div className="space-y-12 lg:col-span-2">
          <section aria-labelledby="estimate-heading" className="rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
            <h2 id="estimate-heading" className="text-2xl">
              {t("estimate.heading", { commune: name })}
            </h2>
            <p className="mt-2 text-ink-soft">{t("estimate.lead")}</p>
            <div className="mt-5 grid gap-4 sm:grid-cols-2">
              <EstimateCard
                title={t("estimate.cremation")}
                amount={euros(cremation.minimumCents)}
                fromLabel={t("estimate.from")}
                taxesLabel={t("estimate.taxes")}
                note={scenarioNote(cremation, "cremation")}
              />
              <EstimateCard
                title={t("estimate.burial")}
                amount={euros(burial.minimumCents)}
                fromLabel={t("estimate.from")}
                taxesLabel={t("estimate.taxes")}
                note={scenarioNote(burial, "burial")}
              />
            </div>
            <p className="mt-4 text-sm text-ink-soft">{t("estimate.note")}</p>
            {view.estimate.isDemo ? <p className="mt-2 text-sm font-medium text-warning">{t("estimate.demo")}</p> : null}
          </section>

          <section aria-labelledby="partners-heading">
            <h2 id="partners-heading" className="text-2xl">
              {t("partnersHeading", { commune: name })}
            </h2>
            {view.hasDemo ? <p className="mt-2 text-sm text-ink-soft">{tp("partners.demoNote")}</p> : null}
            <div className="mt-5">
              <PartnerLists partners={view.partners} communeName={name} />
            </div>
          </section>

          <section aria-labelledby="deadlines-heading">
            <h2 id="deadlines-heading" className="text-2xl">
              {t("deadlines.heading")}
            </h2>
            <ul className="mt-4 space-y-3">
              {[
                t("deadlines.declaration", { hours: DEADLINES.declarationHours }),
                t("deadlines.window", { hours: DEADLINES.earliestHours, days: DEADLINES.latestDays }),
                t("deadlines.extension", { days: DEADLINES.extensionDays }),
                t("deadlines.transport", { hours: DEADLINES.transportWithoutCoffinHours }),
                t("deadlines.hospital", { days: DEADLINES.hospitalFreeDays }),
                t("deadlines.abroad"),
              ].map((text) => (
                <li key={text} className="flex gap-3">
                  <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-accent" />
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="space-y-8">
          <section aria-labelledby="cityhall-heading" className="rounded-lg border border-line bg-sand-50 p-5">
            <h2 id="cityhall-heading" className="text-xl">
              {t("cityhall.heading", { commune: name })}
            </h2>
            <p className="mt-2">{t("cityhall.text", { commune: name, hours: DEADLINES.declarationHours })}</p>
            {view.commune.address ? (
              <p className="mt-3">
                <span className="font-semibold">{t("cityhall.address")}</span>{" "}
                <span lang="fr" dir="auto">
                  {cityhallAddress}
                </span>
              </p>
            ) : (
              <p className="mt-3 text-ink-soft">{t("cityhall.noAddress", { commune: name })}</p>
            )}
            {view.commune.phone ? (
              <p className="mt-1">
                <span className="font-semibold">{t("cityhall.phone")}</span>{" "}
                <a href={`tel:${view.commune.phone.replace(/[^\d+]/g, "")}`} className="text-primary underline" dir="ltr">
                  {view.commune.phone}
                </a>
              </p>
            ) : null}
            <p className="mt-3 text-sm text-ink-soft">{t("cityhall.bring")}</p>
          </section>

          {view.neighbours.length > 0 ? (
            <section aria-labelledby="neighbours-heading">
              <h2 id="neighbours-heading" className="text-xl">
                {t("neighbours.heading")}
              </h2>
              <ul className="mt-3 grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-1">
                {view.neighbours.map((n) => (
                  <li key={n.href}>
                    <Link href={n.href} className="inline-flex min-h-11 items-center text-primary underline underline-offset-[0.2em] hover:decoration-2">
                      {t("neighbours.link", { commune: n.name })}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p>
            <Link href={view.department.href} className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-[0.2em] hover:decoration-2">
              {t("neighbours.department", { department: view.department.name, code: view.department.code })}
            </Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
