import type { Metadata } from "next";
import { paths } from "@/config/paths";
import { FlowersPage } from "@/features/flowers/flowers-page";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

// Static, refreshed hourly: the catalogue's first page is in the HTML; who is signed in is
// only known in the browser.
export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "flowers", paths.flowers());
}

export default async function Page({ params }: Props) {
  return <FlowersPage locale={(await params).locale} />;
}
