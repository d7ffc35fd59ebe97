import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { BoardPageView, boardMetadata } from "@/features/pro-board/board-page";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return boardMetadata((await params).locale);
}

// The deals board; the analytics guest sees no deal and goes to the statistics.
export default async function Page({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proDeals());
  const role = (account.row as { role: Role }).role;
  if (role === ROLES.ANALYTICS_GUEST) redirect(paths.proStatistics());
  return <><SessionGuard realm="business_user" /><BoardPageView role={role} userId={account.id} search={await searchParams} /></>;
}
