import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { NewInvoice } from "./new-invoice";
import { InvoicesFrame } from "./page-frame";

export async function newInvoiceMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProInvoices" });
  return { title: `${t("create.title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** /pro/factures/nouvelle (roles 0-1): group a partner's prestations of a period into a draft. */
export async function NewInvoicePage() {
  const t = await getTranslations("ProInvoices");
  return (
    <InvoicesFrame title={t("create.title")} intro={t("create.intro")}>
      <NewInvoice />
    </InvoicesFrame>
  );
}
