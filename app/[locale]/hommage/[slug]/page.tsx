import type { Metadata } from "next";
import { MemorialPublicPage, memorialPageMetadata } from "@/features/memorial/memorial-public-page";

type Props = { params: Promise<{ locale: string; slug: string }> };

// The family may change who sees the page at any moment: rendered per request, never cached.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  return memorialPageMetadata(locale, slug);
}

export default async function Page({ params }: Props) {
  return <MemorialPublicPage {...await params} />;
}
