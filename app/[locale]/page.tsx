import type { Metadata } from "next";
import { homeMetadata, HomeRoute } from "@/features/home/home-route";
import { RecentReviews } from "@/features/reviews/recent-reviews";
import { ServiceTiles } from "@/features/shell/service-tiles";

type Props = { params: Promise<{ locale: string }> };

export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return homeMetadata((await params).locale);
}

export default async function Page({ params }: Props) {
  return (
    <HomeRoute
      locale={(await params).locale}
      reviews={(summary, isPreview) => <RecentReviews summary={summary} isPreview={isPreview} />}
      services={<ServiceTiles headingLevel="h3" />}
    />
  );
}
