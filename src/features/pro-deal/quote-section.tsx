"use client";

import { useLocale, useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { isolatedMoney } from "@/domain/payments/payment-format";
import { buttonClasses } from "@/ui/button";
import { Link } from "@/ui/link";
import { dealCalls, quotePdfUrl, type DealDetail } from "./pro-deal-api";
import { SectionFrame } from "./section-frame";
import { useResource } from "./use-resource";

/** The quote: its totals as the family received them, and its legal PDF (GET …/quote.pdf). */
export function QuoteSummary({ deal }: { deal: DealDetail }) {
  const t = useTranslations("ProDeal.quote");
  const locale = useLocale();
  const quote = deal.quote;
  const euros = (cents: number) => isolatedMoney(cents, locale);
  if (!quote) return <p>{deal.total_cents !== null ? t("totalOnly", { total: euros(deal.total_cents) }) : t("none")}</p>;
  const chosen = quote.lines.length;
  return (
    <div className="space-y-3">
      {quote.isDemo && <p className="rounded-md bg-amber-50 p-2 text-amber-900">{t("demo")}</p>}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="quote-totals">
        <dt>{t("lines")}</dt>
        <dd className="text-end">{chosen}</dd>
        <dt>{t("totalHt")}</dt>
        <dd className="text-end">{euros(quote.totals.totalHt)}</dd>
        <dt>{t("totalVat")}</dt>
        <dd className="text-end">{euros(quote.totals.totalTva)}</dd>
        <dt className="font-semibold">{t("totalTtc")}</dt>
        <dd className="text-end font-bold" data-testid="quote-total">
          {euros(quote.totals.totalTtc)}
        </dd>
      </dl>
      {!quote.complete && <p className="text-amber-900">{t("incomplete")}</p>}
      {deal.kind === "funeral" && (
        <a className={buttonClasses({ variant: "secondary" })} href={quotePdfUrl(deal.id)} target="_blank" rel="noopener">
          {t("pdf")}
        </a>
      )}
    </div>
  );
}

/** What the family owes, has paid and has pending (the payments API), with the way to the full payments page. */
export function PaymentsSummary({ dealId }: { dealId: number }) {
  const t = useTranslations("ProDeal.payments");
  const locale = useLocale();
  const { resource, reload } = useResource(String(dealId), () => dealCalls.payments(dealId));
  const euros = (cents: number) => isolatedMoney(cents, locale);
  return (
    <SectionFrame id="paiements" title={t("heading")} resource={resource} onRetry={reload}>
      {(balance) => (
        <div className="space-y-3">
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="payments-summary">
            <dt>{t("due")}</dt>
            <dd className="text-end">{euros(balance.due_cents)}</dd>
            <dt>{t("paid")}</dt>
            <dd className="text-end">{euros(balance.paid_cents)}</dd>
            <dt>{t("pending")}</dt>
            <dd className="text-end">{euros(balance.pending_cents)}</dd>
            <dt className="font-semibold">{t("remaining")}</dt>
            <dd className="text-end font-bold">{euros(balance.remaining_cents)}</dd>
          </dl>
          {balance.payments.length === 0 && <p className="text-stone-700">{t("none")}</p>}
          <Link href={paths.proDealPayments(dealId)}>{t("details")}</Link>
        </div>
      )}
    </SectionFrame>
  );
}
