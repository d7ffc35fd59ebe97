import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { requireServerAccount } from "@/features/auth/server-session";
import { FamilyMemorial } from "@/features/memorial/family-memorial";
import { FAMILY_MEMORIAL_MESSAGES, FamilyMemorialFrame, familyMemorialMetadata } from "@/features/memorial/family-memorial-page";
import { ClientMessages } from "@/i18n/client-messages";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  return familyMemorialMetadata(locale, id);
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  await requireServerAccount("client", paths.memorial(id));
  return (
    <ClientMessages namespaces={FAMILY_MEMORIAL_MESSAGES}>
      <FamilyMemorialFrame>
        <FamilyMemorial dealId={Number(id)} />
      </FamilyMemorialFrame>
    </ClientMessages>
  );
}
