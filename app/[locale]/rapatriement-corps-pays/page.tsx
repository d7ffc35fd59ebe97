import type { Metadata } from "next";
import { countriesIndexMetadata, CountriesIndexRoute } from "@/features/repatriation/countries-index-route";

type Props = { params: Promise<{ locale: string }> };

export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return countriesIndexMetadata((await params).locale);
}

export default async function Page({ params }: Props) {
  return <CountriesIndexRoute locale={(await params).locale} />;
}
