import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ClientMessages } from "@/i18n/client-messages";
import { FuneralFunnel } from "@/features/funeral-quote/funeral-funnel";
import { pageMetadata } from "@/shared/seo/page-metadata";
import { StoreProvider } from "@/store/store-provider";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "funnelStart", paths.funnelStart());
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return (
    <ClientMessages namespaces={["Quote"]}>
      {/* Rendered on the server too (first question, empty answers): no Suspense fallback
          swapped for the funnel after hydration, so nothing below it moves. */}
      <StoreProvider>
        <FuneralFunnel />
      </StoreProvider>
    </ClientMessages>
  );
}
