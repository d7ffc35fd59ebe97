import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { pageMetadata } from "@/shared/seo/page-metadata";
import { IntroPage } from "@/features/shell/intro-page";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "tombstoneCatalogue", paths.tombstoneCatalogue());
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return <IntroPage page="tombstoneCatalogue" />;
}
