import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { PaymentsPage, paymentsMetadata } from "@/features/pro-invoices/payments-page";
import { invoicesRoleGate } from "@/features/pro-invoices/role-gate";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return paymentsMetadata((await params).locale);
}

// Pending payments to partners and their transfers: roles 0-1 (as the API).
export default async function Page({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proInvoicePayments());
  invoicesRoleGate((account.row as { role: Role }).role, "write");
  return <><SessionGuard realm="business_user" /><PaymentsPage search={await searchParams} /></>;
}
