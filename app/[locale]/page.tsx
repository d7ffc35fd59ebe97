import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { pageMetadata } from "@/features/seo/page-metadata";
import { IntroPage } from "@/features/shell/intro-page";
import { ServiceTiles } from "@/features/shell/service-tiles";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "home", paths.home(), { absoluteTitle: true });
}

export default async function HomePage({ params }: Props) {
  setRequestLocale((await params).locale);
  return (
    <IntroPage page="home">
      <div className="pb-8">
        <ServiceTiles />
      </div>
    </IntroPage>
  );
}
