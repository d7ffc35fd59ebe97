import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { authPaths } from "@/config/auth-paths";
import { ROLES } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { FailedJobsPage, failedJobsMetadata } from "@/features/pro/failed-jobs-page";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return failedJobsMetadata((await params).locale);
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("business_user", authPaths.proFailedJobs());
  const admin = (account.row as { role: number }).role === ROLES.ADMIN;
  return <><SessionGuard realm="business_user" /><FailedJobsPage locale={locale} admin={admin} /></>;
}
