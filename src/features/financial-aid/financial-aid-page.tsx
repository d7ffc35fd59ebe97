import { ClientMessages } from "@/i18n/client-messages";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { paths } from "@/config/paths";
import {
  AGIRC_ARRCO_SOCIAL_ACTION,
  CAPITAL_DECES,
  capitalDecesFigureMayBeOutdated,
  CHILD_DEATH_ALLOWANCE,
  childDeathAllowanceFigureMayBeOutdated,
  CIVIL_SERVANT_CAPITAL_DECES,
  COMMUNE_FUNERAL,
  aidSentenceValues,
  FUNERAL_COSTS_FROM_ACCOUNT,
  MUTUELLE_FUNERAL_ALLOWANCE,
  SELF_EMPLOYED_CAPITAL_DECES,
  SURVIVOR_PENSIONS,
  type AidId,
} from "@/domain/financial-aid";
import type { Locale } from "@/domain/locales";
import { todayInFrance } from "@/domain/time";
import { buttonClasses } from "@/ui/button";
import { AidCalculator } from "./aid-calculator";

/** Category of the guides that go deeper into each aid. */
const AID_GUIDES_CATEGORY = "aides-financieres";

/**
 * /aides-financieres: what each aid is, with its figure and the date of that figure,
 * readable without JavaScript; then the calculator that tells a family which aids
 * apply to them. Every figure comes from src/domain/financial-aid.ts.
 */
export async function FinancialAidPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "FinancialAid" });
  const pages = await getTranslations({ locale, namespace: "Pages" });
  const format = await getFormatter({ locale });
  const euros = (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" });
  const date = (iso: string) => format.dateTime(new Date(`${iso}T12:00:00Z`), { dateStyle: "long", timeZone: "UTC" });

  const today = todayInFrance();
  // Sentences take their figures from the rules module; the message files hold none.
  const values = aidSentenceValues(euros, date);

  const aids: { id: AidId | "reversion"; amount?: string; beingUpdated?: boolean; source: string }[] = [
    {
      id: "capitalDeces",
      amount: t("aids.capitalDeces.amount", values),
      beingUpdated: capitalDecesFigureMayBeOutdated(today),
      source: `${CAPITAL_DECES.source} ; ${SELF_EMPLOYED_CAPITAL_DECES.source} ; ${CIVIL_SERVANT_CAPITAL_DECES.source}`,
    },
    {
      id: "childDeathAllowance",
      amount: t("aids.childDeathAllowance.amount", values),
      beingUpdated: childDeathAllowanceFigureMayBeOutdated(today),
      source: CHILD_DEATH_ALLOWANCE.source,
    },
    {
      id: "bankAccount",
      amount: t("aids.bankAccount.amount", values),
      source: FUNERAL_COSTS_FROM_ACCOUNT.source,
    },
    { id: "communeFuneral", source: COMMUNE_FUNERAL.source },
    {
      id: "reversion",
      amount: t("aids.reversion.amount", values),
      source: `${SURVIVOR_PENSIONS.general.source} ; ${SURVIVOR_PENSIONS.agircArrco.source} ; ${SURVIVOR_PENSIONS.civilService.source}`,
    },
    { id: "agircArrco", source: AGIRC_ARRCO_SOCIAL_ACTION.source },
    { id: "mutuelle", source: MUTUELLE_FUNERAL_ALLOWANCE.source },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <header className="py-10 sm:py-14">
        <h1 className="max-w-3xl text-3xl font-semibold sm:text-5xl">{pages("financialAid.heading")}</h1>
        <p className="mt-5 max-w-2xl text-lg text-ink-soft sm:text-xl">{pages("financialAid.lead")}</p>
        <p className="mt-6">
          <a href="#calculateur" className={buttonClasses({ size: "lg" })}>
            {t("jumpToCalculator")}
          </a>
        </p>
      </header>

      <section aria-labelledby="aids-title">
        <h2 id="aids-title" className="font-serif text-2xl font-semibold sm:text-3xl">
          {t("overview.title")}
        </h2>
        <p className="mt-2 max-w-3xl text-ink-soft">{t("overview.note")}</p>
        <ul className="mt-6 grid gap-5 md:grid-cols-2">
          {aids.map((aid) => (
            <li key={aid.id} id={`aide-${aid.id}`} className="flex flex-col rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
              <h3 className="font-serif text-xl font-semibold">{t(`aids.${aid.id}.name`)}</h3>
              {aid.amount ? <p className="mt-2 text-lg font-semibold text-primary">{aid.amount}</p> : null}
              {aid.beingUpdated ? <p className="text-base text-warning">{t("results.beingUpdated")}</p> : null}
              {aid.id === "capitalDeces" ? <p className="text-base text-ink-soft">{t("aids.capitalDeces.revalued")}</p> : null}
              <p className="mt-3">{t(`aids.${aid.id}.who`, values)}</p>
              <dl className="mt-3 flex flex-col gap-2 text-base">
                <div>
                  <dt className="font-semibold">{t("overview.deadline")}</dt>
                  <dd className="text-ink-soft">{t(`aids.${aid.id}.deadline`, values)}</dd>
                </div>
                <div>
                  <dt className="font-semibold">{t("overview.where")}</dt>
                  <dd className="text-ink-soft">{t(`aids.${aid.id}.where`)}</dd>
                </div>
              </dl>
              <p className="mt-auto pt-4 text-sm text-ink-soft">
                {t("overview.source")}{" "}
                <span lang="fr" dir="ltr">
                  {aid.source}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section id="calculateur" aria-labelledby="calculator-title" className="-mx-4 mt-14 scroll-mt-4 border-y border-line bg-surface px-4 py-8 sm:mx-0 sm:rounded-lg sm:border sm:p-8 sm:shadow-card">
        <h2 id="calculator-title" className="font-serif text-2xl font-semibold sm:text-3xl">
          {t("calculator.title")}
        </h2>
        <noscript>
          <p className="mt-4 rounded-md bg-warning-soft p-4 text-ink">{t("calculator.noScript")}</p>
        </noscript>
        <div className="mt-4">
          <ClientMessages namespaces={["FinancialAid"]}>
            <AidCalculator />
          </ClientMessages>
        </div>
      </section>

      <aside aria-labelledby="aid-help-title" className="mt-14 rounded-lg bg-primary p-6 text-on-primary sm:p-8">
        <h2 id="aid-help-title" className="font-serif text-2xl font-semibold text-on-primary">
          {t("help.title")}
        </h2>
        <p className="mt-2 max-w-2xl text-on-primary/90">{t("help.body")}</p>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Link href={paths.funeralQuote()} className={buttonClasses({ variant: "secondary", size: "lg" })}>
            {t("help.quote")}
          </Link>
          <a
            href={`tel:${ADVISOR_PHONE_E164}`}
            aria-label={t("help.callAria", { phone: ADVISOR_PHONE })}
            className="inline-flex min-h-13 items-center gap-2 rounded-md border border-on-primary/60 px-5 text-lg font-semibold text-on-primary hover:bg-on-primary/10"
          >
            <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
            </svg>
            <span dir="ltr">{ADVISOR_PHONE}</span>
          </a>
        </div>
        <p className="mt-5">
          <Link href={paths.guideCategory(AID_GUIDES_CATEGORY)} className="font-semibold text-on-primary underline underline-offset-[0.2em] hover:decoration-2">
            {t("help.guides")}
          </Link>
        </p>
      </aside>
    </div>
  );
}
