import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { NotificationsPageView, notificationsMetadata, notificationsPage } from "@/features/pro-shell/notifications-page";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return notificationsMetadata((await params).locale);
}

// The signed-in business user's notifications, every role its own.
export default async function Page({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proNotifications());
  return <><SessionGuard realm="business_user" /><NotificationsPageView userId={account.id} page={notificationsPage((await searchParams).page)} /></>;
}
