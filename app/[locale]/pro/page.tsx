import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { authPaths } from "@/config/auth-paths";
import { paths } from "@/config/paths";
import { isRole } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { SignOutButton } from "@/features/auth/sign-out-button";
import { requireServerAccount } from "@/features/auth/server-session";
import { ProHome } from "@/features/pro/pro-home";
import { ProLinks } from "@/features/pro/pro-links";
import { pageMetadata } from "@/features/seo/page-metadata";
import { ClientMessages } from "@/i18n/client-messages";
import { StoreProvider } from "@/store/store-provider";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "proHome", paths.proHome(), { noindex: true });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", authPaths.proHome());
  const row = account.row as { firstname: string; lastname: string; role: number; demo: boolean };
  if (!isRole(row.role)) throw new Error(`business user ${account.id} has no valid role`);
  return (
    <ClientMessages namespaces={["Auth.signOut"]}>
      <StoreProvider>
      <SessionGuard realm="business_user" />
      <ProHome
        identity={{ firstname: row.firstname, lastname: row.lastname, email: account.email, role: row.role, demo: row.demo }}
        actions={
          <>
            <ProLinks />
            <SignOutButton realm="business_user" />
          </>
        }
      />
      </StoreProvider>
    </ClientMessages>
  );
}
