import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import type { PaymentView } from "@/domain/schemas/payment";
import { isolatedMoney } from "@/domain/payments/payment-format";
import { Alert } from "@/ui/alert";
import { Heading } from "@/ui/heading";


/** /paiement/confirmation/{id}: paid, pending (a transfer settling) or failed, and what to do next. */
export async function PaymentConfirmation({ payment, locale }: { payment: PaymentView | null; locale: string }) {
  const t = await getTranslations("Payments");
  if (!payment) {
    return (
      <div className="mx-auto max-w-xl px-4 py-8">
        <Heading level={1} size="xl">
          {t("notFoundTitle")}
        </Heading>
        <p className="mt-4">{t("notFoundText")}</p>
      </div>
    );
  }
  const state = ["captured", "partially_refunded", "refunded"].includes(payment.status) ? "paid" : ["failed", "cancelled"].includes(payment.status) ? "failed" : "pending";
  const method = payment.method === "card" ? t("card") : payment.method === "bank_transfer" ? t("transfer") : t("instalmentsShort");
  const retry = `${paths.payment()}?deal=${payment.deal_id}`;
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Heading level={1} size="xl">
        {t(`${state}Title`)}
      </Heading>
      <Alert tone={state === "paid" ? "success" : state === "failed" ? "error" : "info"} className="mt-4">
        {t(`${state}Text`)}
      </Alert>
      <dl className="mt-6 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
        <dt>{t("amount")}</dt>
        <dd className="text-end font-semibold">{isolatedMoney(payment.amount_cents, locale)}</dd>
        <dt>{t("method")}</dt>
        <dd className="text-end">{method}</dd>
        <dt>{t("reference")}</dt>
        <dd className="text-end">{`\u2068#${payment.id}\u2069`}</dd>
      </dl>
      <p className="mt-6 flex flex-col gap-3">
        {state === "paid" && (
          <a className="font-semibold underline" href={`/api/v1/payments/${payment.id}/receipt?locale=${locale}`} download>
            {t("receipt")}
          </a>
        )}
        {state === "pending" && (
          <a className="underline" href={paths.paymentConfirmation(payment.id)}>
            {t("refresh")}
          </a>
        )}
        {state === "failed" && (
          <a className="font-semibold underline" href={retry}>
            {t("retry")}
          </a>
        )}
        <a className="underline" href={retry}>
          {t("backToPayment")}
        </a>
      </p>
    </div>
  );
}
