import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { authPageMetadata } from "@/features/auth/auth-metadata";
import { AuthPage } from "@/features/auth/auth-page";
import { FormFallback } from "@/features/auth/form-fallback";
import { SignInAside } from "@/features/auth/sign-in-aside";
import { SignInForm } from "@/features/auth/sign-in-form";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return authPageMetadata((await params).locale, "Pro.meta", "signIn");
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations("Pro.signIn");
  return (
    <AuthPage heading={t("heading")} lead={t("lead")} aside={<SignInAside realm="business_user" />}>
      <Suspense fallback={<FormFallback />}>
        <SignInForm realm="business_user" />
      </Suspense>
    </AuthPage>
  );
}
