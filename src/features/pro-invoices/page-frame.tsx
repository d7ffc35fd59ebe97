import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { ClientMessages } from "@/i18n/client-messages";
import { Heading } from "@/ui/heading";
import { Link } from "@/ui/link";

/** The frame of the invoices' inner pages: the way back to the list, the title, its intro, and the client messages. */
export async function InvoicesFrame({ title, intro, children }: { title?: string; intro?: string; children: ReactNode }) {
  const t = await getTranslations("ProInvoices");
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <p className="mb-4">
        <Link href={paths.proInvoices()}>{t("detail.back")}</Link>
      </p>
      {title ? <Heading level={1}>{title}</Heading> : null}
      {intro ? <p className="mt-2 text-lg text-ink-soft">{intro}</p> : null}
      <div className={title ? "mt-6" : undefined}>
        <ClientMessages namespaces={["ProInvoices"]}>{children}</ClientMessages>
      </div>
    </div>
  );
}
