import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ClientMessages } from "@/i18n/client-messages";
import { QuoteConfirmation } from "@/features/funeral-quote/quote-confirmation";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "funeralQuoteConfirmation", paths.funeralQuoteConfirmation(), { noindex: true });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const flowers = await getTranslations("FlowerFunnel.quoteLink");
  return (
    <ClientMessages namespaces={["Quote", "Payments.entry"]}>
      <QuoteConfirmation invitation={{ title: flowers("title"), text: flowers("text"), action: flowers("action"), path: paths.flowers() }} />
    </ClientMessages>
  );
}
