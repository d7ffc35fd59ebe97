import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { buildMetadata } from "@/shared/seo/metadata";
import { breadcrumbListJsonLd } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { guidesIndexView } from "@/features/guides/guide-views";
import { GuidesIndexPage } from "@/features/guides/guides-index-page";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const view = await guidesIndexView((await params).locale);
  return view ? buildMetadata(view.metadata) : {};
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const view = await guidesIndexView(locale);
  if (!view) notFound();
  return (
    <>
      <JsonLdScript data={breadcrumbListJsonLd(view.jsonLdCrumbs)} />
      <GuidesIndexPage view={view} />
    </>
  );
}
