import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { ClientMessages } from "@/i18n/client-messages";
import { Heading } from "@/ui/heading";
import { Link } from "@/ui/link";
import { NewInvoice } from "./new-invoice";

export async function newInvoiceMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProInvoices" });
  return { title: `${t("create.title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** /pro/factures/nouvelle (roles 0-1): group a partner's prestations of a period into a draft. */
export async function NewInvoicePage() {
  const t = await getTranslations("ProInvoices");
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <p className="mb-4">
        <Link href={paths.proInvoices()}>{t("detail.back")}</Link>
      </p>
      <Heading level={1}>{t("create.title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{t("create.intro")}</p>
      <div className="mt-6">
        <ClientMessages namespaces={["ProInvoices"]}>
          <NewInvoice />
        </ClientMessages>
      </div>
    </div>
  );
}
