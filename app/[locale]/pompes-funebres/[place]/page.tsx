import type { Metadata } from "next";
import { placeMetadata, PlaceRoute } from "@/features/places/place-route";
import { placeStaticParams } from "@/features/places/static-params";

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
  return <PlaceRoute {...await params} />;
}
