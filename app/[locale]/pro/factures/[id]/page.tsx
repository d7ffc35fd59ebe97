import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { InvoicePage, invoiceMetadata } from "@/features/pro-invoices/invoice-page";
import { invoicesRoleGate } from "@/features/pro-invoices/role-gate";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  return invoiceMetadata(locale, id);
}

// One partner invoice: roles 0-2 read, 0-1 edit a draft, validate, correct and download.
export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("business_user", paths.proInvoice(id));
  const role = invoicesRoleGate((account.row as { role: Role }).role, "read");
  return <><SessionGuard realm="business_user" /><InvoicePage id={id} role={role} /></>;
}
