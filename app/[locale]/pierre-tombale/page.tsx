import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { TableOfContents } from "@/features/guides/table-of-contents";
import { TombstoneGuide, guideJsonLd, guideToc } from "@/features/monuments/tombstone-guide";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "tombstone", paths.tombstone());
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const toc = await guideToc();
  return (
    <>
      <JsonLdScript data={await guideJsonLd(locale)} />
      <TombstoneGuide toc={<TableOfContents title={toc.title} entries={toc.entries} />} />
    </>
  );
}
