import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { authPaths } from "@/config/auth-paths";
import { paths } from "@/config/paths";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { ProHome, proIdentity } from "@/features/pro/pro-home";
import { ProLinks } from "@/features/pro/pro-links";
import { pageMetadata } from "@/shared/seo/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "proHome", paths.proHome(), { noindex: true });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", authPaths.proHome());
  const identity = proIdentity(account);
  // Signing out is in the workspace header (app/[locale]/pro/layout.tsx).
  return <><SessionGuard realm="business_user" /><ProHome identity={identity} actions={<ProLinks role={identity.role} />} /></>;
}
