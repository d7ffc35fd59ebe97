import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { todayInFrance } from "@/domain/time";
import { getDb } from "@/server/db/client";
import { listEntityInvoices, pendingPayments } from "@/server/services/invoices/entity-invoices";
import { InvoicesFrame } from "./page-frame";
import { PendingPayments } from "./pending-payments";

export async function paymentsMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProInvoices" });
  return { title: `${t("payments.title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

const day = (value: string | string[] | undefined) => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);

/** /pro/factures/paiements (roles 0-1): what is owed to partners for a period (validation days), and what was paid. */
export async function PaymentsPage({ search }: { search: Record<string, string | string[] | undefined> }) {
  const t = await getTranslations("ProInvoices");
  const today = todayInFrance();
  const from = day(search.du) ?? `${today.slice(0, 4)}-01-01`;
  const to = day(search.au) ?? today;
  const db = await getDb();
  const [pending, paid] = await Promise.all([pendingPayments(db, { from, to }), listEntityInvoices(db, { page: 1, per_page: 100, state: "paid", from, to, sort: "created", direction: "desc" })]);
  return (
    <InvoicesFrame title={t("payments.title")} intro={t("payments.intro")}>
      <PendingPayments from={from} to={to} pending={pending} paid={paid.data} />
    </InvoicesFrame>
  );
}
