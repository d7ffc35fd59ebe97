import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { DocumentRequestScreen } from "@/features/document-requests/document-request-screen";

type Props = { params: Promise<{ locale: string; id: string }> };

// The link's id is a secret: rendered per request, never cached, indexed or sent on as a referrer.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "DocumentRequests" });
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  return <DocumentRequestScreen token={id} locale={locale} />;
}
