import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { pageMetadata } from "@/shared/seo/page-metadata";
import { FinancialAidPage } from "@/features/financial-aid/financial-aid-page";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "financialAid", paths.financialAid());
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <FinancialAidPage locale={localeOrDefault(locale)} />;
}
