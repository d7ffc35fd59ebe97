import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { PlaceRoute, placeMetadata, placeStaticParams } from "@/features/places/place-route";

type Props = { params: Promise<{ locale: string; place: string }> };

// Pages not built ahead are rendered on their first visit, then served from the cache and refreshed hourly.
export const dynamicParams = true;
export const revalidate = 3600;

export async function generateStaticParams({ params }: { params: { locale: string } }) {
  return placeStaticParams(params.locale);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, place } = await params;
  return placeMetadata(locale, place);
}

export default async function Page({ params }: Props) {
  const { locale, place } = await params;
  setRequestLocale(locale);
  return <PlaceRoute locale={locale} place={place} />;
}
