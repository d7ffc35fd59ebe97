import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { DirectoryIndexPage, directoryMetadata } from "@/features/directory/directory-pages";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return directoryMetadata((await params).locale);
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  const account = await requireServerAccount("business_user", paths.proDirectory());
  const role = (account.row as { role: Role }).role;
  return <><SessionGuard realm="business_user" /><DirectoryIndexPage role={role} /></>;
}
