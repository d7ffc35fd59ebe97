import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ClientMessages } from "@/i18n/client-messages";
import { MonumentConfirmation } from "@/features/monuments/monument-confirmation";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ deal?: string | string[] }> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "tombstoneCatalogueConfirmation", paths.tombstoneCatalogueConfirmation(), { noindex: true });
}

export default async function Page({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const deal = (await searchParams).deal;
  const uuid = typeof deal === "string" && UUID.test(deal) ? deal.toLowerCase() : null;
  return (
    <ClientMessages namespaces={["MonumentFunnel.confirmation", "MonumentCatalog", "Payments.entry"]}>
      <MonumentConfirmation uuid={uuid} />
    </ClientMessages>
  );
}
