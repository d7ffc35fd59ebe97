import type { Metadata } from "next";
import { placesIndexMetadata, PlacesIndexRoute } from "@/features/places/places-index-route";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return placesIndexMetadata((await params).locale, (await searchParams).q);
}

// /pompes-funebres, and /pompes-funebres?q=… when the search form was sent without JavaScript.
export default async function Page({ params, searchParams }: Props) {
  return <PlacesIndexRoute locale={(await params).locale} q={(await searchParams).q} />;
}
