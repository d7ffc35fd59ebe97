import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { ERROR_CODES } from "@/domain/errors";
import { hasRole, type Role } from "@/domain/roles";
import { getDb } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import { dealBalance } from "@/server/services/payments/deal-payments";
import { PAYMENT_READER_ROLES, REFUND_ROLES } from "@/server/services/payments/payment-access";
import { isolatedMoney, paymentDay } from "@/domain/payments/payment-format";
import { Card, CardBody, CardHeader, CardTitle } from "@/ui/card";
import { Heading } from "@/ui/heading";
import { RefundForm } from "./refund-form";
import { personName } from "@/domain/person-name";

const REFUNDABLE = new Set(["captured", "partially_refunded"]);

export async function proDealPaymentsMetadata(locale: string, dealId: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProPayments" });
  return { title: `${t("title", { id: dealId })} | ${BRAND}`, robots: { index: false, follow: false } };
}

type Balance = Awaited<ReturnType<typeof dealBalance>>["data"];

/** A deal's balance for the funeral home, or null when the deal does not exist. */
async function loadBalance(dealId: string): Promise<Balance | null> {
  const id = /^\d{1,9}$/.test(dealId) ? Number(dealId) : 0;
  if (id <= 0) return null;
  try {
    return (await dealBalance(await getDb(), id)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * /pro/paiements/{deal}: what the deal asks, what was paid, is pending, was refunded and
 * remains, per payer and per part of the family split; admins and funeral directors get a
 * refund form under each captured payment, advisors only read, other roles are told no.
 */
export async function ProDealPayments({ dealId, role, locale }: { dealId: string; role: Role; locale: string }) {
  const t = await getTranslations("ProPayments");
  const tp = await getTranslations("Payments");
  const errors = await getTranslations("Errors");
  const me = { role };
  const readable = hasRole(me, PAYMENT_READER_ROLES);
  const balance = readable ? await loadBalance(dealId) : null;
  const euros = (cents: number) => isolatedMoney(cents, locale);
  const nameOf = (p: { firstname: string | null; lastname: string | null } | null) => personName(p) || tp("someone");

  if (!readable || !balance) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-10">
        <Heading level={1}>{t("title", { id: dealId })}</Heading>
        <p className="mt-3 text-lg">{readable ? t("notFound") : t("forbidden")}</p>
      </div>
    );
  }
  const mayRefund = hasRole(me, REFUND_ROLES);
  const errorLabels = Object.fromEntries(ERROR_CODES.filter((c) => c.startsWith("pay") || c.startsWith("refund")).map((code) => [code, errors(code)]));
  const totals = [
    ["due", balance.due_cents],
    ["captured", balance.captured_cents],
    ["refunded", balance.refunded_cents],
    ["paid", balance.paid_cents],
    ["pending", balance.pending_cents],
    ["remaining", balance.remaining_cents],
  ] as const;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <Heading level={1}>{t("title", { id: String(balance.deal_id) })}</Heading>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{t("totalsHeading")}</CardTitle>
        </CardHeader>
        <CardBody>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2" data-testid="pro-payment-totals">
            {totals.map(([key, cents]) => (
              <div key={key} className="contents">
                <dt className={key === "remaining" ? "font-semibold" : undefined}>{t(`totals.${key}`)}</dt>
                <dd className={key === "remaining" ? "text-end font-bold" : "text-end"} data-testid={`pro-total-${key}`}>
                  {euros(cents)}
                </dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>

      <section className="mt-8" aria-labelledby="pro-payers-heading">
        <Heading level={2} size="md" id="pro-payers-heading">
          {t("payersHeading")}
        </Heading>
        {balance.payers.length === 0 ? (
          <p className="mt-2">{t("noPayments")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200">
            {balance.payers.map((payer) => (
              <li key={payer.client_id ?? "unknown"} className="flex flex-wrap justify-between gap-x-4 py-2">
                <span className="font-semibold">{nameOf(payer)}</span>
                <span>{t("payerLine", { paid: euros(payer.paid_cents), pending: euros(payer.pending_cents) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {balance.shares.length > 0 && (
        <section className="mt-8" aria-labelledby="pro-shares-heading">
          <Heading level={2} size="md" id="pro-shares-heading">
            {t("sharesHeading")}
          </Heading>
          <ul className="mt-2 divide-y divide-stone-200" data-testid="pro-payment-shares">
            {balance.shares.map((share) => (
              <li key={share.client_id} className="flex flex-wrap justify-between gap-x-4 py-2">
                <span className="font-semibold">{nameOf(share)}</span>
                <span>{t("shareLine", { part: euros(share.amount_cents), paid: euros(share.paid_cents), remaining: euros(share.remaining_cents) })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {balance.payments.length > 0 && (
        <section className="mt-8" aria-labelledby="pro-list-heading">
          <Heading level={2} size="md" id="pro-list-heading">
            {t("paymentsHeading")}
          </Heading>
          <ul className="mt-2 space-y-4">
            {balance.payments.map((payment) => (
              <li key={payment.id} className="rounded-lg border border-stone-300 bg-white p-4" data-testid={`pro-payment-${payment.id}`}>
                <p className="font-semibold">{t("paymentLine", { id: String(payment.id), name: nameOf(payment.payer), method: t(`methods.${payment.method}`) })}</p>
                <p>
                  {t(`statuses.${payment.status}`)} · {t("amounts", { amount: euros(payment.amount_cents), captured: euros(payment.captured_cents), refunded: euros(payment.refunded_cents) })}
                </p>
                <p className="text-sm text-stone-700">{paymentDay(new Date(payment.paid_at ?? payment.created_at), locale, "medium")}</p>
                {mayRefund && REFUNDABLE.has(payment.status) && payment.captured_cents > payment.refunded_cents && (
                  <RefundForm
                    paymentId={payment.id}
                    refundableCents={payment.captured_cents - payment.refunded_cents}
                    locale={locale}
                    labels={{
                      legend: t("refund.legend", { id: String(payment.id) }),
                      amount: t("refund.amount"),
                      refundable: t("refund.refundable", { amount: euros(payment.captured_cents - payment.refunded_cents) }),
                      review: t("refund.review"),
                      confirmQuestion: t.raw("refund.confirmQuestion") as string,
                      confirm: t("refund.confirm"),
                      cancel: t("refund.cancel"),
                      refunding: t("refund.refunding"),
                      done: t("refund.done"),
                      amountInvalid: errors("refund__amount__invalid"),
                      errors: errorLabels,
                      unhandled: errors("unhandled"),
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
