import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { requireServerAccount } from "@/features/auth/server-session";
import { NewProcedurePage } from "@/features/client-space/new-procedure-page";
import { CLIENT_SPACE_MESSAGES, spaceMetadata } from "@/features/client-space/space-metadata";
import { ClientMessages } from "@/i18n/client-messages";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return spaceMetadata((await params).locale, "newProcedure", paths.newProcedure());
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  await requireServerAccount("client", paths.newProcedure());
  return (
    <ClientMessages namespaces={CLIENT_SPACE_MESSAGES}>
      <NewProcedurePage />
    </ClientMessages>
  );
}
