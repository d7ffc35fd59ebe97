import type { Metadata } from "next";
import { countryMetadata, CountryRoute } from "@/features/repatriation/country-route";
import { countryStaticParams } from "@/features/repatriation/load-country";

type Props = { params: Promise<{ locale: string; country: string }> };

// Countries not built ahead are rendered on their first visit, then served from the cache and refreshed hourly.
export const dynamicParams = true;
export const revalidate = 3600;

export async function generateStaticParams({ params }: { params: { locale: string } }) {
  return countryStaticParams(params.locale);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, country } = await params;
  return countryMetadata(locale, country);
}

export default async function Page({ params }: Props) {
  return <CountryRoute {...await params} />;
}
