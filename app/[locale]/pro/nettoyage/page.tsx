import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ROLES } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { CleaningPageView, cleaningMetadata } from "@/features/pro-cleaning/cleaning-page";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return cleaningMetadata((await params).locale);
}

// The cleaning reset, for admins only (as POST /api/v1/cleaning/reset); other roles are told it is not theirs.
export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proCleaning());
  const admin = (account.row as { role: number }).role === ROLES.ADMIN;
  return <><SessionGuard realm="business_user" /><CleaningPageView admin={admin} /></>;
}
