import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { TeamPageView, teamMetadata } from "@/features/pro-team/team-page";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return teamMetadata((await params).locale);
}

// The funeral team, for roles 0-2 (as GET /api/v1/users/funeral_team); others go to their own start page.
export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proTeam());
  const role = (account.row as { role: Role }).role;
  if (role === ROLES.ANALYTICS_GUEST) redirect(paths.proStatistics());
  if (role === ROLES.PRO) redirect(paths.proDeals());
  return <><SessionGuard realm="business_user" /><TeamPageView /></>;
}
