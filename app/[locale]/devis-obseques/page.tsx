import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { QuoteLanding } from "@/features/funeral-quote/quote-landing";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "funeralQuote", paths.funeralQuote());
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return <QuoteLanding />;
}
