import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { authPaths } from "@/config/auth-paths";
import { authPageMetadata } from "@/features/auth/auth-metadata";
import { AuthPage } from "@/features/auth/auth-page";
import { ChangePasswordForm } from "@/features/auth/change-password-form";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return authPageMetadata((await params).locale, "Pro.meta", "changePassword");
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  await requireServerAccount("business_user", authPaths.proChangePassword());
  const t = await getTranslations("Auth.change");
  return (
    <AuthPage heading={t("heading")} lead={t("lead")}>
      <SessionGuard realm="business_user" />
      <ChangePasswordForm realm="business_user" />
    </AuthPage>
  );
}
