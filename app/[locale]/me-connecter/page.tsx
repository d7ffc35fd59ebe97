import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { AuthPage } from "@/features/auth/auth-page";
import { FormFallback } from "@/features/auth/form-fallback";
import { SignInAside } from "@/features/auth/sign-in-aside";
import { SignInForm } from "@/features/auth/sign-in-form";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "login", paths.login(), { noindex: true });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations("Auth.signIn");
  return (
    <AuthPage heading={t("heading")} lead={t("lead")} aside={<SignInAside realm="client" />}>
      <Suspense fallback={<FormFallback />}>
        <SignInForm realm="client" />
      </Suspense>
    </AuthPage>
  );
}
