import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { authPageMetadata } from "@/features/auth/auth-metadata";
import { AuthPage } from "@/features/auth/auth-page";
import { FormFallback } from "@/features/auth/form-fallback";
import { ResetPasswordForm } from "@/features/auth/reset-password-form";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return authPageMetadata((await params).locale, "Auth.meta", "reset");
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations("Auth.reset");
  return (
    <AuthPage heading={t("heading")} lead={t("lead")}>
      <Suspense fallback={<FormFallback />}>
        <ResetPasswordForm realm="client" />
      </Suspense>
    </AuthPage>
  );
}
