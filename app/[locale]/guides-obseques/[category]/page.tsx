import type { Metadata } from "next";
import { allCategorySlugs } from "@/features/guides/guide-content";
import { guideCategoryMetadata, GuideCategoryRoute } from "@/features/guides/guide-routes";

type Props = { params: Promise<{ locale: string; category: string }> };

// Every category is built at build time on every locale host; any other slug is the 404 page.
export const dynamicParams = false;

export function generateStaticParams() {
  return allCategorySlugs().map((category) => ({ category }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, category } = await params;
  return guideCategoryMetadata(locale, category);
}

export default async function Page({ params }: Props) {
  return <GuideCategoryRoute {...await params} />;
}
