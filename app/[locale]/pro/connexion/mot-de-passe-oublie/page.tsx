import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { authPageMetadata } from "@/features/auth/auth-metadata";
import { AuthPage } from "@/features/auth/auth-page";
import { ForgotPasswordForm } from "@/features/auth/forgot-password-form";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return authPageMetadata((await params).locale, "Pro.meta", "forgot");
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations("Auth.forgot");
  return (
    <AuthPage heading={t("heading")} lead={t("leadPro")}>
      <ForgotPasswordForm realm="business_user" />
    </AuthPage>
  );
}
