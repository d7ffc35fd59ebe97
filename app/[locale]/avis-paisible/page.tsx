import type { Metadata } from "next";
import { reviewsMetadata, ReviewsRoute } from "@/features/reviews/reviews-route";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string | string[] }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return reviewsMetadata((await params).locale, (await searchParams).page);
}

// /avis-{brand}?page=n: a page that does not exist is a 404, ?page=1 goes to the bare address.
export default async function Page({ params, searchParams }: Props) {
  return <ReviewsRoute locale={(await params).locale} page={(await searchParams).page} />;
}
