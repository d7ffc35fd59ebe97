import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { eq } from "drizzle-orm";
import { BRAND } from "@/config/brand";
import { ROLES, type Role } from "@/domain/roles";
import { getDb } from "@/server/db/client";
import { entityInvoices } from "@/server/db/schema/invoices";
import { ApiError } from "@/server/http/errors";
import { getEntityInvoice } from "@/server/services/invoices/entity-invoices";
import { InvoiceDetail } from "./invoice-detail";
import { InvoicesFrame } from "./page-frame";

export async function invoiceMetadata(locale: string, id: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProInvoices" });
  return { title: `${t("detail.title")} ${id} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** /pro/factures/{id}: read here as GET /api/v1/entity_invoices/{id} answers roles 0-2; writes go through the API. */
export async function InvoicePage({ id, role }: { id: string; role: Role }) {
  if (!/^\d{1,9}$/.test(id)) notFound();
  const db = await getDb();
  const invoice = await getEntityInvoice(db, Number(id)).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const [note] = await db.select({ id: entityInvoices.id }).from(entityInvoices).where(eq(entityInvoices.creditNoteOfId, invoice.id));
  return (
    <InvoicesFrame>
      <InvoiceDetail initial={invoice} canWrite={role === ROLES.ADMIN || role === ROLES.FUNERAL_DIRECTOR} creditNoteId={note?.id ?? null} />
    </InvoicesFrame>
  );
}
