import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { requireServerAccount } from "@/features/auth/server-session";
import { PaymentConfirmation } from "@/features/payments/payment-confirmation";
import { getDb } from "@/server/db/client";
import { paymentForHolder } from "@/server/services/payments/payment-page";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  return pageMetadata(locale, "paymentConfirmation", paths.paymentConfirmation(id), { noindex: true });
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("client", paths.paymentConfirmation(id));
  const paymentId = Number(id);
  const payment = Number.isSafeInteger(paymentId) && paymentId > 0 ? await paymentForHolder(await getDb(), account.id, paymentId) : null;
  return <PaymentConfirmation payment={payment} locale={locale} />;
}
