import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { PlacesIndexRoute, placesIndexRouteMetadata } from "@/features/places/places-index-route";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return placesIndexRouteMetadata((await params).locale, (await searchParams).q);
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <PlacesIndexRoute locale={locale} q={(await searchParams).q} />;
}
