import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { requireServerAccount } from "@/features/auth/server-session";
import { SignOutButton } from "@/features/auth/sign-out-button";
import { Dashboard } from "@/features/client-space/dashboard";
import { CLIENT_SPACE_MESSAGES, spaceMetadata } from "@/features/client-space/space-metadata";
import { ClientMessages } from "@/i18n/client-messages";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return spaceMetadata((await params).locale, "dashboard", paths.clientSpace());
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("client", paths.clientSpace());
  const [flowers, extras, perks, memorial] = await Promise.all([
    getTranslations("FlowerFunnel"), getTranslations("DealExtras.suggestions"), getTranslations("Perks.family"), getTranslations("Memorial.family"),
  ]);
  return (
    <ClientMessages namespaces={CLIENT_SPACE_MESSAGES}>
      <Dashboard firstname={(account.row as { firstname?: string | null }).firstname ?? null} accountActions={<SignOutButton realm="client" />}
        funeralDealLink={{ label: flowers("spaceLink"), path: paths.flowers() }}
        dealLinks={[
          { label: extras("link"), pathPrefix: paths.dealSuggestions(""), testId: "deal-suggestions-link" },
          { label: perks("link"), pathPrefix: paths.perks(""), testId: "deal-perks-link" },
          { label: memorial("dashboardLink"), pathPrefix: paths.memorial(""), testId: "deal-memorial-link", kinds: ["funeral"] },
        ]}
      />
    </ClientMessages>
  );
}
