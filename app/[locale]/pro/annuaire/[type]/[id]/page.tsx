import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { DirectoryEntryPage, directoryMetadata } from "@/features/directory/directory-pages";

type Props = { params: Promise<{ locale: string; type: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, type } = await params;
  return directoryMetadata(locale, type);
}

export default async function Page({ params }: Props) {
  const { locale, type, id } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("business_user", paths.proDirectoryEntry(type, id));
  const role = (account.row as { role: Role }).role;
  return <><SessionGuard realm="business_user" /><DirectoryEntryPage role={role} type={type} id={id} /></>;
}
