import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { ReviewsRoute, reviewsRouteMetadata } from "@/features/reviews/reviews-route";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return reviewsRouteMetadata((await params).locale, (await searchParams).page);
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ReviewsRoute locale={locale} pageRaw={(await searchParams).page} />;
}
