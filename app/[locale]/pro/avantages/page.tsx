import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";
import { PERK_MANAGER_ROLES, PERK_STAFF_ROLES } from "@/domain/schemas/perk";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { PERKS_MESSAGES, PerksPage, perksMetadata } from "@/features/perks/perks-page";
import { ProPerks } from "@/features/perks/pro-perks";
import { ClientMessages } from "@/i18n/client-messages";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return perksMetadata((await params).locale, "pro", paths.proPerks());
}

// Perks for roles 0-2 (0-1 edit, as the API); others go to their own start page.
export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const role = ((await requireServerAccount("business_user", paths.proPerks())).row as { role: Role }).role;
  if (!PERK_STAFF_ROLES.includes(role)) redirect(role === ROLES.ANALYTICS_GUEST ? paths.proStatistics() : paths.proDeals());
  return (
    <ClientMessages namespaces={PERKS_MESSAGES}>
      <SessionGuard realm="business_user" />
      <PerksPage pageKey="pro"><ProPerks canEdit={PERK_MANAGER_ROLES.includes(role)} /></PerksPage>
    </ClientMessages>
  );
}
