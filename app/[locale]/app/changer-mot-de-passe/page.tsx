import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { AuthPage } from "@/features/auth/auth-page";
import { ChangePasswordForm } from "@/features/auth/change-password-form";
import { requireServerAccount } from "@/features/auth/server-session";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "changePassword", paths.changePassword(), { noindex: true });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  await requireServerAccount("client", paths.changePassword());
  const t = await getTranslations("Auth.change");
  return (
    <AuthPage heading={t("heading")} lead={t("lead")}>
      <ChangePasswordForm realm="client" />
    </AuthPage>
  );
}
