import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { ProDealPayments, proDealPaymentsMetadata } from "@/features/payments/pro-deal-payments";

type Props = { params: Promise<{ locale: string; dealId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, dealId } = await params;
  return proDealPaymentsMetadata(locale, dealId);
}

// The funeral home's view of a deal's payments; the component tells roles without payments access no.
export default async function Page({ params }: Props) {
  const { locale, dealId } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("business_user", paths.proDealPayments(dealId));
  const role = (account.row as { role: Role }).role;
  return <><SessionGuard realm="business_user" /><ProDealPayments dealId={dealId} role={role} locale={locale} /></>;
}
