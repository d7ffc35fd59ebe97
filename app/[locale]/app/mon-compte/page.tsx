import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { AccountLinks } from "@/features/account/account-links";
import { AccountOverview } from "@/features/account/account-overview";
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
  const row = account.row as ClientRow;
  return (
    <AccountOverview
      identity={{
        civility: row.civility,
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        phone: row.phone,
        address: row.address,
        addressL2: row.addressL2,
        postalCode: row.postalCode,
        city: row.city,
        demo: row.demo,
      }}
      actions={
        <>
          <AccountLinks />
          <SignOutButton realm="client" />
        </>
      }
    />
  );
}
