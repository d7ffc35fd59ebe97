import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { todayInFrance } from "@/domain/time";
import { ClientMessages } from "@/i18n/client-messages";
import { getDb } from "@/server/db/client";
import { listEntityInvoices, pendingPayments } from "@/server/services/invoices/entity-invoices";
import { Heading } from "@/ui/heading";
import { Link } from "@/ui/link";
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
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <p className="mb-4">
        <Link href={paths.proInvoices()}>{t("detail.back")}</Link>
      </p>
      <Heading level={1}>{t("payments.title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{t("payments.intro")}</p>
      <div className="mt-6">
        <ClientMessages namespaces={["ProInvoices"]}>
          <PendingPayments from={from} to={to} pending={pending} paid={paid.data} />
        </ClientMessages>
      </div>
    </div>
  );
}
