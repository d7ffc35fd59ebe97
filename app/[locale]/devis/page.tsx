import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { GenericQuote } from "@/features/funeral-quote/generic-quote";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "genericQuote", paths.genericQuote());
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return <GenericQuote />;
}
