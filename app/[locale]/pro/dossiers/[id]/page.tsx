import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { DealDocumentsPanel } from "@/features/deal-documents/deal-documents-panel";
import { DealExtrasPanels } from "@/features/deal-extras/deal-extras-panels";
import { MembersPanel } from "@/features/family-members/members-panel";
import { ProDealScreen, proDealMetadata } from "@/features/pro-deal/pro-deal-screen";
import { ClientMessages } from "@/i18n/client-messages";
type Props = { params: Promise<{ locale: string; id: string }> };
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return proDealMetadata((await params).locale, (await params).id);
}
// The advisors' deal page, with the documents, members and extras (suggestions, supplier prices, review) panels.
export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("business_user", paths.proDeal(id));
  const role = (account.row as { role: Role }).role;
  const known = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const [members, documents] = known ? [<MembersPanel key="m" targetType="deal" targetId={known} headingLevel={3} />, <DealDocumentsPanel key="d" dealId={known} role={role} locale={locale} />] : [null, null];
  return (
    <ClientMessages namespaces={["ProDeal", "Family", "DealExtras"]}>
      <SessionGuard realm="business_user" />
      <ProDealScreen dealId={id} role={role} userId={account.id} members={members} documents={documents} extras={known ? <DealExtrasPanels dealId={known} role={role} locale={locale} /> : null} />
    </ClientMessages>
  );
}
