import type { Metadata } from "next";
import { paths } from "@/config/paths";
import { FlowersPage } from "@/features/flowers/flowers-page";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

// Rendered per request from the live catalogue (its first page is in the HTML, prices as
// they are now); who is signed in is only read in the browser, so no cookie is touched here.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "flowers", paths.flowers());
}

export default async function Page({ params }: Props) {
  return <FlowersPage locale={(await params).locale} />;
}
