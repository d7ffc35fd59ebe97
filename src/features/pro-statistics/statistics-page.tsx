import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { messageKeyForCode } from "@/domain/errors";
import { formatMoney } from "@/domain/quote/money";
import { statisticsQuerySchema, type Statistics } from "@/domain/schemas/statistics";
import { getDb } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import { dealStatistics } from "@/server/services/statistics/statistics";
import { Alert } from "@/ui/alert";
import { buttonClasses } from "@/ui/button";
import { Heading } from "@/ui/heading";
import { Input } from "@/ui/input";
import { Bar } from "./bar";

export async function statisticsMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProStatistics" });
  return { title: `${t("title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

type Outcome = { figures: Statistics; code?: undefined } | { figures?: undefined; code: string };

/** The figures, as GET /api/v1/statistics computes them, or the code of a refused period. */
async function load(from: string | undefined, to: string | undefined): Promise<Outcome> {
  const parsed = statisticsQuerySchema.safeParse({ from: from || undefined, to: to || undefined });
  if (!parsed.success) return { code: parsed.error.issues[0]?.message ?? "validation_failed" };
  try {
    return { figures: await dealStatistics(await getDb(), parsed.data) };
  } catch (thrown) {
    if (thrown instanceof ApiError && thrown.status === 422) return { code: thrown.codes[0]! };
    throw thrown;
  }
}

/**
 * The statistics page (roles 0, 1, 3): counts and amounts only, as accessible tables with a
 * bar drawn beside each figure. The period form is a plain GET form: it works before any
 * script, and a refused period keeps what was typed with the reason.
 */
export async function StatisticsPageView({ locale, from, to }: { locale: string; from?: string; to?: string }) {
  const t = await getTranslations("ProStatistics");
  const board = await getTranslations("ProBoard");
  const errors = await getTranslations("Errors");
  const outcome = await load(from, to);
  const number = new Intl.NumberFormat(locale, { numberingSystem: "latn" });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1, numberingSystem: "latn" });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC", numberingSystem: "latn" });
  const formatDay = (value: string) => day.format(new Date(`${value}T00:00:00Z`));
  const figures = outcome.figures;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Heading level={1}>{t("title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{t("intro")}</p>
      <form method="get" className="mt-6 flex flex-wrap items-end gap-4" aria-label={t("periodLabel")}>
        <Input type="date" name="from" label={t("from")} defaultValue={from ?? figures?.period.from ?? ""} containerClassName="w-full sm:w-auto" />
        <Input type="date" name="to" label={t("to")} defaultValue={to ?? figures?.period.to ?? ""} containerClassName="w-full sm:w-auto" />
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          {t("show")}
        </button>
      </form>
      {outcome.code ? (
        <Alert tone="error" title={t("periodRefused")} className="mt-6">
          {errors(messageKeyForCode(outcome.code))}
        </Alert>
      ) : null}
      {figures ? (
        <div className="mt-8 flex flex-col gap-10">
          <section aria-labelledby="stats-summary">
            <Heading level={2} id="stats-summary">
              {t("summaryTitle", { from: formatDay(figures.period.from), to: formatDay(figures.period.to) })}
            </Heading>
            <dl className="mt-4 grid gap-4 sm:grid-cols-3">
              <Figure label={t("totalDeals")} value={number.format(figures.total_deals)} />
              <Figure
                label={t("conversion")}
                value={figures.quote_conversion.rate_bp === null ? t("none") : percent.format(figures.quote_conversion.rate_bp / 10_000)}
                detail={t("conversionDetail", { ordered: number.format(figures.quote_conversion.ordered), quotes: number.format(figures.quote_conversion.quotes) })}
              />
              <Figure
                label={t("basket")}
                value={figures.average_basket.average_cents === null ? t("none") : formatMoney(figures.average_basket.average_cents, locale)}
                detail={t("basketDetail", { orders: number.format(figures.average_basket.orders) })}
              />
            </dl>
          </section>
          <CountTable
            id="stats-state"
            title={t("byState")}
            head={t("state")}
            countHead={t("count")}
            rows={figures.by_state.map((row) => ({ key: row.state, label: board.has(`states.${row.state}`) ? board(`states.${row.state}` as "states.draft") : row.state, count: row.count }))}
            empty={t("emptyPeriod")}
            format={number.format}
          />
          <CountTable
            id="stats-kind"
            title={t("byKind")}
            head={t("kind")}
            countHead={t("count")}
            rows={figures.by_kind.map((row) => ({ key: row.kind, label: board(`kinds.${row.kind}`), count: row.count }))}
            empty={t("emptyPeriod")}
            format={number.format}
          />
          <CountTable
            id="stats-week"
            title={t("byWeek")}
            head={t("week")}
            countHead={t("count")}
            rows={figures.by_week.map((row) => ({ key: row.week, label: t("weekOf", { week: row.week.slice(-2), date: formatDay(row.starts_on) }), count: row.count }))}
            empty={t("emptyPeriod")}
            format={number.format}
          />
        </div>
      ) : null}
    </div>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-4">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {detail ? <dd className="mt-1 text-base text-ink-soft">{detail}</dd> : null}
    </div>
  );
}

function CountTable({
  id,
  title,
  head,
  countHead,
  rows,
  empty,
  format,
}: {
  id: string;
  title: string;
  head: string;
  countHead: string;
  rows: { key: string; label: string; count: number }[];
  empty: string;
  format: (value: number) => string;
}) {
  const max = Math.max(0, ...rows.map((row) => row.count));
  return (
    <section aria-labelledby={id}>
      <Heading level={2} id={id}>
        {title}
      </Heading>
      {rows.length === 0 ? (
        <p className="mt-3 text-ink-soft">{empty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full border-collapse text-start">
            <thead>
              <tr className="border-b border-line-strong">
                <th scope="col" className="p-2 text-start">
                  {head}
                </th>
                <th scope="col" className="p-2 text-end">
                  {countHead}
                </th>
                <th scope="col" className="w-1/2 p-2">
                  <span className="sr-only">{countHead}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-line">
                  <th scope="row" className="p-2 text-start font-normal">
                    {row.label}
                  </th>
                  <td className="p-2 text-end tabular-nums">{format(row.count)}</td>
                  <td className="p-2">
                    <Bar value={row.count} max={max} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
