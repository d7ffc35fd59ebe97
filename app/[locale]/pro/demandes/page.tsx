import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { LeadsPageView, leadsMetadata } from "@/features/pro-leads/leads-page";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return leadsMetadata((await params).locale);
}

// Call-back requests, for roles 0-2 (as GET /api/v1/leads); others go to their own start page.
export default async function Page({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proLeads());
  const row = account.row as { id: number; role: Role };
  if (row.role === ROLES.ANALYTICS_GUEST) redirect(paths.proStatistics());
  if (row.role === ROLES.PRO) redirect(paths.proDeals());
  return <><SessionGuard realm="business_user" /><LeadsPageView userId={row.id} searchParams={await searchParams} /></>;
}
