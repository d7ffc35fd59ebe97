import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { requireServerAccount } from "@/features/auth/server-session";
import { ProcedureWithMembers } from "./procedure-with-members";
import { DocumentRequestsSlot } from "@/features/document-requests/document-request-screen";
import { CLIENT_SPACE_MESSAGES, spaceMetadata } from "@/features/client-space/space-metadata";
import { ClientMessages } from "@/i18n/client-messages";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  return spaceMetadata(locale, "procedure", paths.procedure(id));
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  await requireServerAccount("client", paths.procedure(id));
  return (
    <ClientMessages namespaces={CLIENT_SPACE_MESSAGES}>
      <ProcedureWithMembers id={Number(id)} documentRequests={<DocumentRequestsSlot procedureId={Number(id)} canSend />} />
    </ClientMessages>
  );
}
