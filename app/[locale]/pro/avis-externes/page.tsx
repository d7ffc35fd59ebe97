import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { ExternalReviewsPageView, externalReviewsMetadata } from "@/features/pro-house-reviews/external-reviews-page";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return externalReviewsMetadata((await params).locale);
}

// Imported reviews, for roles 0-1 (as /api/v1/external_reviews); others go to their own start page.
export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proExternalReviews());
  const role = (account.row as { role: Role }).role;
  if (role === ROLES.ANALYTICS_GUEST) redirect(paths.proStatistics());
  if (role !== ROLES.ADMIN && role !== ROLES.FUNERAL_DIRECTOR) redirect(paths.proDeals());
  return <><SessionGuard realm="business_user" /><ExternalReviewsPageView /></>;
}
