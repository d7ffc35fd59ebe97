import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { NewInvoicePage, newInvoiceMetadata } from "@/features/pro-invoices/new-invoice-page";
import { invoicesRoleGate } from "@/features/pro-invoices/role-gate";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return newInvoiceMetadata((await params).locale);
}

// Grouping a partner's prestations into a draft: roles 0-1 (an advisor goes back to the list).
export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proInvoiceNew());
  invoicesRoleGate((account.row as { role: Role }).role, "write");
  return <><SessionGuard realm="business_user" /><NewInvoicePage /></>;
}
