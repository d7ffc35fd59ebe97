import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { RepatriationIndexRoute, repatriationIndexMetadata } from "@/features/repatriation/repatriation-route";

type Props = { params: Promise<{ locale: string }> };

export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return repatriationIndexMetadata((await params).locale);
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <RepatriationIndexRoute locale={locale} />;
}
