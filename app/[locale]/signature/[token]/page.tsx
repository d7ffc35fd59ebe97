import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SignatureScreen } from "@/features/signature/signature-screen";

type Props = { params: Promise<{ locale: string; token: string }> };

// The link's token is a secret: rendered per request, never cached, indexed or sent on as a referrer.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "SignaturePage" });
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

export default async function Page({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  return <SignatureScreen token={token} />;
}
