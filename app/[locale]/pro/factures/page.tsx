import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { InvoicesListPage, invoicesMetadata } from "@/features/pro-invoices/invoices-list-page";
import { invoicesRoleGate } from "@/features/pro-invoices/role-gate";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return invoicesMetadata((await params).locale);
}

// Partners' invoices, for roles 0-2 (advisors read); others go to their own start page.
export default async function Page({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proInvoices());
  const role = invoicesRoleGate((account.row as { role: Role }).role, "read");
  return <><SessionGuard realm="business_user" /><InvoicesListPage role={role} search={await searchParams} /></>;
}
