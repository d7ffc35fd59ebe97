import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { STATISTICS_ROLES } from "@/domain/schemas/statistics";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { StatisticsPageView, statisticsMetadata } from "@/features/pro-statistics/statistics-page";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ from?: string | string[]; to?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return statisticsMetadata((await params).locale);
}

// The statistics, for the roles GET /api/v1/statistics admits (0, 1, 3); others go to the board.
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("business_user", paths.proStatistics());
  const role = (account.row as { role: Role }).role;
  if (!STATISTICS_ROLES.includes(role)) redirect(paths.proDeals());
  const { from, to } = await searchParams;
  return <><SessionGuard realm="business_user" /><StatisticsPageView locale={locale} from={typeof from === "string" ? from : undefined} to={typeof to === "string" ? to : undefined} /></>;
}
