import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { ERROR_CODES } from "@/domain/errors";
import { planKey } from "@/domain/payments/payment-methods";
import type { PaymentPageData } from "@/server/services/payments/payment-page";
import { isolatedMoney, paymentDay } from "@/domain/payments/payment-format";
import { Alert } from "@/ui/alert";
import { Card, CardBody, CardHeader, CardTitle } from "@/ui/card";
import { Heading } from "@/ui/heading";
import { PayMethods, type PayOption } from "./pay-methods";
import { PayerCountry } from "./payer-country";
import { ShareForm } from "./share-form";
import { personName } from "@/domain/person-name";

/** /paiement: the deal's balance, who has paid, and the ways open to this payer (fees shown, none hidden). */
export async function PaymentOverview({ data, locale }: { data: PaymentPageData | null; locale: string }) {
  const t = await getTranslations("Payments");
  const ts = await getTranslations("Payments.split");
  const errors = await getTranslations("Errors");
  const euros = (cents: number) => isolatedMoney(cents, locale);

  if (!data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-8">
        <Heading level={1} size="xl">
          {t("title")}
        </Heading>
        <p className="mt-4">{t("noDeal")}</p>
      </div>
    );
  }
  const { balance } = data;
  const options: PayOption[] = [];
  if (data.methods.includes("card")) options.push({ id: "card", label: t("card"), hint: t("cardHint"), details: [t("noFees")] });
  for (const plan of data.plans) {
    const label = plan.deferredDays > 0 ? t("deferred", { days: String(plan.deferredDays) }) : t("instalments", { count: String(plan.installments) });
    const lines = plan.schedule.map((i) => t("scheduleLine", { date: paymentDay(new Date(`${i.dueDate}T00:00:00Z`), locale), amount: euros(i.amountCents) }));
    options.push({ id: planKey(plan), label, hint: t("instalmentsHint"), details: [...lines, plan.totalFeeCents > 0 ? t("fees", { amount: euros(plan.totalFeeCents) }) : t("noFees")] });
  }
  if (data.methods.includes("bank_transfer")) options.push({ id: "bank_transfer", label: t("transfer"), hint: t("transferHint"), details: [t("noFees")] });
  const errorLabels = Object.fromEntries(ERROR_CODES.filter((c) => c.startsWith("pay")).map((code) => [code, errors(code)]));

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Heading level={1} size="xl">
        {t("title")}
      </Heading>
      {data.sandbox && (
        <Alert tone="warning" className="mt-4" announce={false}>
          {t("sandbox")}
        </Alert>
      )}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{t("dealHeading", { id: String(data.dealId) })}</CardTitle>
        </CardHeader>
        <CardBody>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
            <dt>{t("due")}</dt>
            <dd className="text-end font-semibold">{euros(balance.due_cents)}</dd>
            <dt>{t("paid")}</dt>
            <dd className="text-end">{euros(balance.paid_cents)}</dd>
            {balance.pending_cents > 0 && (
              <>
                <dt>{t("pending")}</dt>
                <dd className="text-end">{euros(balance.pending_cents)}</dd>
              </>
            )}
            {balance.refunded_cents > 0 && (
              <>
                <dt>{t("refunded")}</dt>
                <dd className="text-end" data-testid="payment-refunded">
                  {euros(balance.refunded_cents)}
                </dd>
              </>
            )}
            <dt className="font-semibold">{t("remaining")}</dt>
            <dd className="text-end text-lg font-bold">{euros(balance.remaining_cents)}</dd>
          </dl>
          <p className="mt-3">
            <a className="underline" href={`${paths.account()}`}>
              {t("quoteLink")}
            </a>
          </p>
        </CardBody>
      </Card>
      {balance.payers.length > 0 && (
        <section className="mt-6" aria-labelledby="payers-heading">
          <Heading level={2} size="md" id="payers-heading">
            {t("payersHeading")}
          </Heading>
          <ul className="mt-2 space-y-1">
            {balance.payers.map((payer) => (
              <li key={payer.client_id ?? "unknown"}>
                {t("payerLine", { name: personName(payer) || t("someone"), amount: euros(payer.paid_cents) })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {balance.shares.length > 0 && (
        <section className="mt-6" aria-labelledby="shares-heading">
          <Heading level={2} size="md" id="shares-heading">
            {ts("heading")}
          </Heading>
          <ul className="mt-2 divide-y divide-stone-200" data-testid="payment-shares">
            {balance.shares.map((share) => (
              <li key={share.client_id} className="flex flex-wrap justify-between gap-x-4 py-2">
                <span className="font-semibold">{personName(share) || t("someone")}</span>
                <span>
                  {ts("part", { amount: euros(share.amount_cents) })}
                  {" · "}
                  {share.remaining_cents <= 0 ? ts("settled") : ts("partState", { paid: euros(share.paid_cents), remaining: euros(share.remaining_cents) })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {balance.shares.length > 0 && balance.remaining_cents > 0 && (
        <div className="mt-6" data-testid="payable">
          <p className="text-lg font-semibold" data-testid="my-part">
            {data.payableScope === "balance"
              ? ts("forEveryoneAmount", { amount: euros(data.payableCents) })
              : data.payableScope === "part"
                ? data.payableCents > 0
                  ? ts("yourPart", { amount: euros(data.payableCents) })
                  : ts("yourPartPaid")
                : data.payableCents > 0
                  ? ts("openAmount", { amount: euros(data.payableCents) })
                  : ts("allReserved")}
          </p>
          {data.isOwner && (
            <p className="mt-2">
              <a className="underline" href={data.forEveryone ? paths.dealPayment(data.dealId) : paths.dealPaymentForEveryone(data.dealId)}>
                {data.forEveryone ? ts("payMyPartOnly") : ts("payForEveryone", { amount: euros(balance.remaining_cents) })}
              </a>
            </p>
          )}
        </div>
      )}
      {balance.remaining_cents <= 0 ? (
        <p className="mt-6 font-semibold">{t("nothingDue")}</p>
      ) : data.payableCents <= 0 ? null : !data.hasCountry ? (
        <PayerCountry
          payerId={data.payerId}
          countries={data.countries.map((c) => ({ code: c.code, name: c.names[locale as keyof typeof c.names] ?? c.names.fr })).sort((a, b) => a.name.localeCompare(b.name, locale))}
          labels={{ intro: errors("payer__country_code__blank"), label: t("country.label"), choose: t("country.choose"), save: t("country.save"), errors: errorLabels, unhandled: errors("unhandled") }}
        />
      ) : (
        <>
          {!data.methods.includes("card") && <p className="mt-6">{t("cardUnavailable")}</p>}
          <PayMethods
            dealId={data.dealId}
            amountCents={data.payableCents}
            forEveryone={data.forEveryone}
            options={options}
            labels={{ legend: t("methodsHeading"), pay: t("pay"), redirecting: t("redirecting"), errors: errorLabels, unhandled: errors("unhandled") }}
          />
          <p className="mt-4 text-sm text-stone-700">{t("security")}</p>
        </>
      )}
      {data.isOwner && balance.remaining_cents > 0 && data.members.length > 1 && (
        <ShareForm
          dealId={data.dealId}
          balanceCents={balance.remaining_cents}
          locale={locale}
          members={data.members}
          current={balance.shares}
          labels={{
            heading: ts("formHeading"),
            hint: ts("formHint"),
            modeLegend: ts("modeLegend"),
            modeAmounts: ts("modeAmounts"),
            modeShares: ts("modeShares"),
            amountLabels: Object.fromEntries(data.members.map((m) => [m.client_id, ts("amountLabel", { name: m.name })])),
            shareLabels: Object.fromEntries(data.members.map((m) => [m.client_id, ts("shareLabel", { name: m.name })])),
            total: ts.raw("total") as string,
            save: ts("save"),
            saving: ts("saving"),
            saved: ts("saved"),
            clear: ts("clear"),
            errors: errorLabels,
            unhandled: errors("unhandled"),
          }}
        />
      )}
    </div>
  );
}
