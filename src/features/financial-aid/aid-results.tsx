"use client";

import { useFormatter, useTranslations } from "next-intl";
import {
  capitalDecesFigureMayBeOutdated,
  childDeathAllowanceFigureMayBeOutdated,
  figureValues,
  type AidAmount,
  type AidAssessment,
  type AidStatus,
} from "@/domain/financial-aid";
import { cn } from "@/ui/cn";

const STATUS_STYLE: Record<AidStatus, { badge: string; card: string }> = {
  eligible: { badge: "bg-success-soft text-success border-success/40", card: "border-success/40" },
  possible: { badge: "bg-warning-soft text-warning border-warning/40", card: "border-line" },
  notEligible: { badge: "bg-sand-50 text-ink-soft border-line", card: "border-line bg-paper" },
};

function StatusIcon({ status }: { status: AidStatus }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      {status === "eligible" ? <path d="m3.5 8.5 3 3 6-7" /> : status === "possible" ? <path d="M8 4v5m0 3h.01" /> : <path d="M4 8h8" />}
    </svg>
  );
}

/** A calendar date ("2025-07-01") in the visitor's language, never shifted by a time zone. */
function useDate() {
  const format = useFormatter();
  return (iso: string) => format.dateTime(new Date(`${iso}T12:00:00Z`), { dateStyle: "long", timeZone: "UTC" });
}

/**
 * The calculator's answer: each aid with whether it applies, its amount and the date
 * of that figure, the deadlines computed from the date of death (marked when passed),
 * why, and where to claim. Aids that do not apply stay listed, with the reason.
 */
export function AidResults({ assessments, today }: { assessments: AidAssessment[]; today: string }) {
  const t = useTranslations("FinancialAid");
  const format = useFormatter();
  const date = useDate();
  const euros = (cents: number) => format.number(cents / 100, { style: "currency", currency: "EUR" });
  const figures = figureValues();
  // Every sentence takes its figures from the rules module, never from the message files.
  const reasonValues = {
    maintainedMonths: figures.maintainedMonths,
    workingPercent: figures.selfEmployedWorkingPercent,
    retiredPercent: figures.selfEmployedRetiredPercent,
    age: figures.reversionAge,
    ceiling: euros(figures.reversionCeilingCents),
    childAge: figures.childAge,
    weeks: figures.childWeeks,
  };
  const amountText = (amount: AidAmount): string => {
    switch (amount.kind) {
      case "fixed":
      case "ceiling":
        return t(`results.amount.${amount.kind}`, { amount: euros(amount.cents), date: date(amount.validFrom) });
      case "tiers":
        return t("results.amount.tiers", { amount: euros(amount.cents), lower: euros(amount.lowerCents), date: date(amount.validFrom) });
      case "percentOfPay":
        return t("results.amount.percentOfPay", { percent: amount.percent });
      case "percentOfPension":
        return t("results.amount.percentOfPension", { percent: amount.percent });
    }
  };
  const beingUpdated = (aid: AidAssessment): boolean =>
    aid.status !== "notEligible" &&
    ((aid.id === "capitalDeces" && (aid.scheme === "general" || aid.scheme === "farm") && capitalDecesFigureMayBeOutdated(today)) ||
      (aid.id === "childDeathAllowance" && childDeathAllowanceFigureMayBeOutdated(today)));

  return (
    <>
      <p className="mt-3 max-w-2xl text-ink-soft">{t("results.intro", { date: date(today) })}</p>
      <ul className="mt-6 flex flex-col gap-5">
        {assessments.map((aid) => (
          <li key={aid.id} className={cn("rounded-lg border-2 bg-surface p-5 shadow-card sm:p-6", STATUS_STYLE[aid.status].card)}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h3 className="font-serif text-xl font-semibold">{t(`aids.${aid.id}.name`)}</h3>
              <span className={cn("inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold", STATUS_STYLE[aid.status].badge)}>
                <StatusIcon status={aid.status} />
                {t(`results.status.${aid.status}`)}
              </span>
            </div>

            {aid.scheme ? <p className="mt-2 text-ink-soft">{t(`results.scheme.${aid.scheme}`)}</p> : null}
            {aid.amount && aid.status !== "notEligible" ? <p className="mt-3 text-lg font-semibold text-ink">{amountText(aid.amount)}</p> : null}
            {beingUpdated(aid) ? <p className="mt-1 text-base text-warning">{t("results.beingUpdated")}</p> : null}

            <ul className="mt-3 flex flex-col gap-1.5">
              {aid.reasons.map((reason) => (
                <li key={reason} className="text-ink">
                  {t(`results.reasons.${reason}`, reasonValues)}
                </li>
              ))}
            </ul>

            {aid.claimFrom && aid.status === "eligible" ? (
              <p className="mt-3 text-ink">{t("results.claimFrom", { date: date(aid.claimFrom) })}</p>
            ) : null}

            {aid.deadlines.length > 0 && aid.status !== "notEligible" ? (
              <ul className="mt-3 flex flex-col gap-1">
                {aid.deadlines.map((deadline) => (
                  <li key={deadline.kind} className={cn("flex flex-wrap items-baseline gap-x-2 font-medium", deadline.passed ? "text-danger" : "text-ink")}>
                    <span>
                      {t(`results.deadline.${deadline.kind}`, { date: date(deadline.date) })}
                    </span>
                    {deadline.passed ? <span>{t("results.deadlinePassed")}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}

            {aid.status !== "notEligible" ? (
              <p className="mt-4 border-t border-line pt-3 text-base text-ink-soft">
                <span className="font-semibold text-ink">{t("results.where")}</span>{" "}
                {aid.id === "capitalDeces" && aid.scheme ? t(`results.schemeWhere.${aid.scheme}`) : t(`aids.${aid.id}.where`)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
