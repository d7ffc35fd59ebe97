import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { DEAL_EXTRAS_MESSAGES, ExtrasPage, extrasPageMetadata } from "@/features/deal-extras/extras-page";
import { PriceRequestAnswer } from "@/features/deal-extras/price-request-answer";
import { ClientMessages } from "@/i18n/client-messages";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { ...(await extrasPageMetadata((await params).locale, "answer", paths.priceRequestAnswer())), referrer: "no-referrer" };
}

/** A supplier's answer to a price request: the link's secret is in the fragment, read in the browser. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessages namespaces={DEAL_EXTRAS_MESSAGES}>
      <ExtrasPage pageKey="answer">
        <PriceRequestAnswer locale={locale} />
      </ExtrasPage>
    </ClientMessages>
  );
}
