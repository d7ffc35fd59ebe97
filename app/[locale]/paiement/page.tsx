import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { readServerSession, requireServerAccount } from "@/features/auth/server-session";
import { PaymentOverview } from "@/features/payments/payment-overview";
import { IntroPage } from "@/features/shell/intro-page";
import { getDb } from "@/server/db/client";
import { parseDealRef, paymentPageData } from "@/server/services/payments/payment-page";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ deal?: string; everyone?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "payment", paths.payment(), { noindex: true });
}

// A link for one deal (e-mail, quote confirmation, client space) asks to sign in first; a visitor sees how paying works.
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const ref = parseDealRef(query.deal);
  const session = ref === null ? await readServerSession("client") : null;
  if (session && session.state !== "signed_in") return <IntroPage page="payment" />;
  const account = session?.state === "signed_in" ? session.account : await requireServerAccount("client", paths.dealPayment(String(ref)));
  const data = await paymentPageData(await getDb(), account.id, ref, new Date().toISOString().slice(0, 10), query.everyone === "1");
  return <PaymentOverview data={data} locale={locale} />;
}
