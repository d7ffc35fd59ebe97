import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { InvitationPage } from "@/features/family-members/invitation-page";
import { buildMetadata } from "@/shared/seo/metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = localeOrDefault((await params).locale);
  const t = await getTranslations({ locale, namespace: "Family.accept" });
  return buildMetadata({ locale, path: paths.invitation(), title: t("metaTitle"), description: t("metaDescription"), noindex: true });
}

// The invitation link's page: outside /app (whose guard sends visitors to sign in), static, the token read in the browser.
export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return <InvitationPage />;
}
