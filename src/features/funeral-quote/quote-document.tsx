"use client";

import { useTranslations } from "next-intl";
import type { Quote, QuoteLine, QuoteSection } from "@/domain/quote/pricing";
import { cn } from "@/ui/cn";
import { useQuoteText, type QuoteText } from "./quote-text";

/**
 * The quote laid out as the legal model lays it out, on screen: the operator and its
 * licence, the nine sections with their mandatory and optional columns, the costs
 * advanced on the family's behalf, the totals, the deadlines and the mandatory notes.
 * Built from the same Quote object as the PDF, in the same order.
 */

/** A code or number kept left-to-right inside a right-to-left sentence ("25-75-0412" must not become "0412-75-25"). */
export function isolate(value: string): string {
  return `\u2066${value}\u2069`;
}

export function KindBadge({ kind }: { kind: QuoteLine["kind"] }) {
  const t = useTranslations("Quote.document");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-sm font-semibold",
        kind === "mandatory" ? "border-primary/40 bg-primary-soft text-primary" : "border-accent/40 bg-accent-soft text-accent",
      )}
    >
      {kind === "mandatory" ? t("mandatory") : t("optional")}
    </span>
  );
}

export function LineName({ line, text }: { line: QuoteLine; text: QuoteText }) {
  const official = text.lineOfficialLabel(line);
  return (
    <>
      <span className="font-medium text-ink">
        {text.lineLabel(line)}
        {line.subcontracted ? <span aria-hidden="true"> *</span> : null}
      </span>
      {official ? (
        <span lang="fr" className="block text-sm text-ink-soft">
          <bdi>{official}</bdi>
        </span>
      ) : null}
      {line.detail || line.quantity > 1 ? (
        <span className="block text-sm text-ink-soft">
          {line.quantity > 1 ? <bdi>{`${line.quantity} × ${text.money(line.unitPriceHtCents)} HT`}</bdi> : null}
          {line.quantity > 1 && line.detail ? " – " : null}
          {line.detail ? (
            <bdi lang="fr">{line.detail}</bdi>
          ) : null}
        </span>
      ) : null}
    </>
  );
}

export function LineReason({ line, text }: { line: QuoteLine; text: QuoteText }) {
  const t = useTranslations("Quote.document");
  return (
    <details className="mt-1 text-sm text-ink-soft">
      <summary className="cursor-pointer font-medium text-primary underline-offset-2 hover:underline">{t("why")}</summary>
      <p className="mt-1">{text.lineReason(line)}</p>
      {line.subcontracted ? <p className="mt-1">{t("subcontracted")}</p> : null}
    </details>
  );
}

function SectionTable({ section, text }: { section: QuoteSection; text: QuoteText }) {
  const t = useTranslations("Quote.document");
  const lines = [...section.mandatory, ...section.optional];
  const advanced = section.id === "advanced-costs";
  const headingId = `quote-section-${section.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="font-sans text-lg font-semibold text-ink">
        <span className="text-primary">{section.number}.</span> {text.sectionTitle(section)}
      </h3>
      {lines.length === 0 ? (
        <p className="mt-1 text-ink-soft">{section.applicable ? t("emptySection") : t("notApplicable")}</p>
      ) : (
        <table className="mt-2 w-full border-collapse text-base">
          <caption className="sr-only">{text.sectionTitle(section)}</caption>
          <thead>
            <tr className="border-b border-line-strong text-start text-sm text-ink-soft">
              <th scope="col" className="py-2 pe-2 text-start font-semibold">
                {advanced ? t("advancedColumn") : t("serviceColumn")}
              </th>
              <th scope="col" className="w-24 py-2 ps-2 text-end font-semibold sm:w-32">
                {t("mandatoryColumn")}
              </th>
              <th scope="col" className="w-24 py-2 ps-2 text-end font-semibold sm:w-32">
                {t("optionalColumn")}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={`${line.code}-${index}`} className="border-b border-line align-top">
                <td className="py-3 pe-2">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <KindBadge kind={line.kind} />
                  </div>
                  <div className="mt-1">
                    <LineName line={line} text={text} />
                  </div>
                  <LineReason line={line} text={text} />
                </td>
                <td className="py-3 ps-2 text-end font-medium tabular-nums whitespace-nowrap">
                  {line.kind === "mandatory" ? text.money(line.amountTtcCents) : <span className="sr-only">{t("none")}</span>}
                </td>
                <td className="py-3 ps-2 text-end font-medium tabular-nums whitespace-nowrap">
                  {line.kind === "optional" ? text.money(line.amountTtcCents) : <span className="sr-only">{t("none")}</span>}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="text-sm">
              <th scope="row" className="py-2 pe-2 text-start font-semibold">
                {t("subtotal", { number: section.number })}
              </th>
              <td className="py-2 ps-2 text-end font-semibold tabular-nums whitespace-nowrap">{text.money(section.subtotals.mandatoryTtcCents)}</td>
              <td className="py-2 ps-2 text-end font-semibold tabular-nums whitespace-nowrap">{text.money(section.subtotals.optionalTtcCents)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}

export function QuoteTotals({ quote, text }: { quote: Quote; text: QuoteText }) {
  const t = useTranslations("Quote.document");
  const totals = quote.totals;
  const rows: Array<[string, number, boolean?]> = [
    [t("totals.mandatory"), totals.mandatoryTtc],
    [t("totals.optional"), totals.optionalTtc],
    [t("totals.advancedMandatory"), totals.advancedMandatoryTtc],
    [t("totals.advancedOptional"), totals.advancedOptionalTtc],
    [t("totals.minimum"), totals.minimumTtc, true],
    [t("totals.ht"), totals.totalHt],
    ...totals.byVatRate.filter((r) => r.rate > 0).map((r): [string, number] => [t("totals.vat", { rate: String(r.rate), base: text.money(r.baseHtCents) }), r.vatCents]),
    [t("totals.ttc"), totals.totalTtc, true],
  ];
  return (
    <dl className="mt-2 divide-y divide-line rounded-md border border-line bg-surface">
      {rows.map(([label, cents, strong]) => (
        <div key={label} className={cn("flex items-baseline justify-between gap-4 px-4 py-2", strong && "bg-sand-50")}>
          <dt className={cn(strong ? "font-semibold text-ink" : "text-ink-soft")}>{label}</dt>
          <dd className={cn("tabular-nums whitespace-nowrap", strong ? "text-lg font-semibold" : "font-medium")}>{text.money(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function QuoteDeadlines({ quote, text }: { quote: Quote; text: QuoteText }) {
  const t = useTranslations("Quote.document");
  const deadlines = quote.deadlines;
  if (!deadlines || deadlines.deadlines.length + deadlines.pending.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-2">
      {deadlines.deadlines.map((deadline) => (
        <li key={deadline.id} className="rounded-md border border-line bg-surface px-4 py-3">
          <p className="font-semibold text-ink">
            {deadline.kind === "not-before" ? t("notBefore", { date: text.day(deadline.at.date) }) : deadline.kind === "until" ? t("until", { date: text.day(deadline.at.date) }) : t("byDate", { date: text.day(deadline.at.date) })}
            {deadline.at.time ? ` – ${deadline.at.time}` : null}
          </p>
          <p className="text-ink-soft">{text.deadline(deadline)}</p>
        </li>
      ))}
      {deadlines.pending.map((pending) => (
        <li key={pending.id} className="rounded-md border border-line bg-surface px-4 py-3 text-ink-soft">
          {text.deadline(pending)} {t(pending.reason === "prosecutor-authorisation-unknown" ? "pendingProsecutor" : "pendingArrival")}
        </li>
      ))}
      {deadlines.notices.map((notice) => (
        <li key={notice.code} className="px-1 text-sm text-ink-soft">
          {text.deadlineNotice(notice)}
        </li>
      ))}
    </ul>
  );
}

export function QuoteDocument({ quote, headingLevel = 2 }: { quote: Quote; /** Kept for callers; each deadline now says what it runs from. */ abroad?: boolean; headingLevel?: 2 | 3 }) {
  const t = useTranslations("Quote.document");
  const text = useQuoteText();
  const operator = quote.operator;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const information = quote.warnings.filter((w) => w.code !== "coffin_range_defaulted");
  return (
    <div className="text-ink">
      {quote.isDemo ? (
        <p className="mb-4 rounded-md border border-warning/40 bg-warning-soft px-4 py-3 font-medium text-ink">{t("demo")}</p>
      ) : null}
      {operator ? (
        <div className="rounded-md border border-line bg-sand-50 px-4 py-3 text-base">
          <p className="font-semibold">{operator.legalName}</p>
          <p className="text-ink-soft">
            <bdi lang="fr">{[operator.address.line1, operator.address.line2, `${operator.address.postalCode} ${operator.address.city}`].filter(Boolean).join(", ")}</bdi>
          </p>
          <p className="text-ink-soft">{t("licence", { number: isolate(operator.habilitationNumber) })}</p>
        </div>
      ) : null}
      <p className="mt-4 text-ink-soft">{t("howToRead")}</p>

      {quote.sections.map((section) => (
        <SectionTable key={section.id} section={section} text={text} />
      ))}

      <Heading className="mt-8 font-sans text-xl font-semibold">{t("summary")}</Heading>
      <QuoteTotals quote={quote} text={text} />

      {quote.deadlines ? (
        <>
          <Heading className="mt-8 font-sans text-xl font-semibold">{t("deadlinesTitle")}</Heading>
          <QuoteDeadlines quote={quote} text={text} />
        </>
      ) : null}

      {information.length > 0 ? (
        <>
          <Heading className="mt-8 font-sans text-xl font-semibold">{t("informationTitle")}</Heading>
          <ul className="mt-2 flex list-disc flex-col gap-1 ps-6 text-ink-soft">
            {information.map((warning, index) => (
              <li key={`${warning.code}-${index}`}>{text.warning(warning)}</li>
            ))}
          </ul>
        </>
      ) : null}

      <Heading className="mt-8 font-sans text-xl font-semibold">{t("notesTitle")}</Heading>
      <div className="mt-2 flex flex-col gap-3 text-base">
        {quote.notes.map((id) => (
          <p key={id}>
            <span className="font-semibold">{text.noteTitle(id)}. </span>
            <span className="text-ink-soft">{text.noteText(id, operator?.habilitationNumber)}</span>
          </p>
        ))}
      </div>
    </div>
  );
}
