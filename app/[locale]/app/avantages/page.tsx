import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { requireServerAccount } from "@/features/auth/server-session";
import { FamilyPerks } from "@/features/perks/family-perks";
import { PERKS_MESSAGES, PerksPage, perksMetadata } from "@/features/perks/perks-page";
import { ClientMessages } from "@/i18n/client-messages";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ dossier?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return perksMetadata((await params).locale, "family", paths.perks());
}

export default async function Page({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const dossier = (await searchParams).dossier;
  await requireServerAccount("client", typeof dossier === "string" ? paths.perks(dossier) : paths.perks());
  const dealId = typeof dossier === "string" && /^[1-9]\d{0,8}$/.test(dossier) ? Number(dossier) : null;
  return (
    <ClientMessages namespaces={PERKS_MESSAGES}>
      <PerksPage pageKey="family">
        <FamilyPerks initialDealId={dealId} />
      </PerksPage>
    </ClientMessages>
  );
}
