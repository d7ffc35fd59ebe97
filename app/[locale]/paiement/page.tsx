import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { readServerSession } from "@/features/auth/server-session";
import { PaymentOverview } from "@/features/payments/payment-overview";
import { IntroPage } from "@/features/shell/intro-page";
import { getDb } from "@/server/db/client";
import { paymentPageData } from "@/server/services/payments/payment-page";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ deal?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "payment", paths.payment(), { noindex: true });
}

// A visitor (the e-mail's link before signing in) sees how paying works; a family member their deal.
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await readServerSession("client");
  if (session.state !== "signed_in") return <IntroPage page="payment" />;
  const deal = Number((await searchParams).deal);
  const dealId = Number.isSafeInteger(deal) && deal > 0 ? deal : null;
  const data = await paymentPageData(await getDb(), session.account.id, dealId, new Date().toISOString().slice(0, 10));
  return <PaymentOverview data={data} locale={locale} />;
}
