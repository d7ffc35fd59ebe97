import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { AccountLinks } from "@/features/account/account-links";
import { accountIdentity, AccountOverview } from "@/features/account/account-overview";
import { SignOutButton } from "@/features/auth/sign-out-button";
import { requireServerAccount } from "@/features/auth/server-session";
import { pageMetadata } from "@/shared/seo/page-metadata";
import type { ClientRow } from "@/server/services/auth/users";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "account", paths.account(), { noindex: true });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("client", paths.account());
  const actions = (
    <>
      <AccountLinks />
      <SignOutButton realm="client" />
    </>
  );
  return <AccountOverview identity={accountIdentity(account.row as ClientRow)} actions={actions} />;
}
