import type { ReactNode } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { hasLocale } from "next-intl";
import { setRequestLocale } from "next-intl/server";
import { routing } from "@/i18n/routing";
import { AccountMenu, MobileAccountLink } from "@/features/auth/account-menu";
import { AssistantLauncher } from "@/features/assistant/assistant-launcher";
import { SITE_VIEWPORT, SiteDocument, siteMetadata } from "@/features/shell/site-document";
import "../globals.css";

type Props = { children: ReactNode; params: Promise<{ locale: string }> };
export const viewport = SITE_VIEWPORT;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return hasLocale(routing.locales, locale) ? siteMetadata(locale) : {};
}

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const signIn = "hidden min-h-11 items-center whitespace-nowrap rounded-md border border-line-strong px-4 font-semibold text-ink hover:bg-sand-50 sm:inline-flex";
  return <SiteDocument locale={locale} account={<AccountMenu signInClassName={signIn} />} mobileAccount={(c) => <MobileAccountLink className={c} />} floating={<AssistantLauncher />}>{children}</SiteDocument>;
}
