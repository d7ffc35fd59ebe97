import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import type { Role } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { DirectoryTypePage, directoryMetadata } from "@/features/directory/directory-pages";

type Props = { params: Promise<{ locale: string; type: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, type } = await params;
  return directoryMetadata(locale, type);
}

export default async function Page({ params, searchParams }: Props) {
  const { locale, type } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("business_user", paths.proDirectoryType(type));
  const role = (account.row as { role: Role }).role;
  return <><SessionGuard realm="business_user" /><DirectoryTypePage role={role} type={type} searchParams={await searchParams} /></>;
}
