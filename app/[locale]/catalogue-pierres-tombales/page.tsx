import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ClientMessages } from "@/i18n/client-messages";
import { MonumentConfigurator } from "@/features/monuments/monument-configurator";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "tombstoneCatalogue", paths.tombstoneCatalogue());
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return (
    <ClientMessages namespaces={["MonumentFunnel", "MonumentCatalog"]}>
      {/* Server-rendered on the model grid (empty draft), so the first screen and its drawings need no script. */}
      <MonumentConfigurator />
    </ClientMessages>
  );
}
