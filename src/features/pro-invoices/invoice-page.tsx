import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { eq } from "drizzle-orm";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";
import { ClientMessages } from "@/i18n/client-messages";
import { getDb } from "@/server/db/client";
import { entityInvoices } from "@/server/db/schema/invoices";
import { ApiError } from "@/server/http/errors";
import { getEntityInvoice } from "@/server/services/invoices/entity-invoices";
import { Link } from "@/ui/link";
import { InvoiceDetail } from "./invoice-detail";

export async function invoiceMetadata(locale: string, id: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProInvoices" });
  return { title: `${t("detail.title")} ${id} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** /pro/factures/{id}: read here as GET /api/v1/entity_invoices/{id} answers roles 0-2; writes go through the API. */
export async function InvoicePage({ id, role }: { id: string; role: Role }) {
  const t = await getTranslations("ProInvoices");
  if (!/^\d{1,9}$/.test(id)) notFound();
  const db = await getDb();
  const invoice = await getEntityInvoice(db, Number(id)).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const [note] = await db.select({ id: entityInvoices.id }).from(entityInvoices).where(eq(entityInvoices.creditNoteOfId, invoice.id));
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <p className="mb-4">
        <Link href={paths.proInvoices()}>{t("detail.back")}</Link>
      </p>
      <ClientMessages namespaces={["ProInvoices"]}>
        <InvoiceDetail initial={invoice} canWrite={role === ROLES.ADMIN || role === ROLES.FUNERAL_DIRECTOR} creditNoteId={note?.id ?? null} />
      </ClientMessages>
    </div>
  );
}
