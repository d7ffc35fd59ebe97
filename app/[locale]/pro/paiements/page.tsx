import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { ProPaymentsLookup, dealNumber } from "@/features/payments/pro-payments-lookup";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ dossier?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "ProPayments.lookup" });
  return { title: `${t("title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

// The funeral home's way in to a deal's payments by its number.
export default async function Page({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  await requireServerAccount("business_user", paths.proPayments());
  const typed = (await searchParams).dossier;
  const deal = dealNumber(typed);
  if (deal !== null) redirect(paths.proDealPayments(deal));
  return <><SessionGuard realm="business_user" /><ProPaymentsLookup typed={typeof typed === "string" ? typed : undefined} /></>;
}
