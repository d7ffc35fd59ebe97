import type { ReactNode } from "react";
import type { Metadata, Viewport } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { routing } from "@/i18n/routing";
import { directionOf } from "@/domain/locales";
import { serverEnv } from "@/config/env";
import { ADVISOR_PHONE } from "@/config/brand";
import { originForLocale } from "@/i18n/locale-host";
import { SiteHeader } from "@/features/shell/site-header";
import { AccountMenu, MobileAccountLink } from "@/features/auth/account-menu";
import { SiteFooter } from "@/features/shell/site-footer";
import { RouteEvents } from "@/features/shell/route-events";
import { MAIN_ELEMENT_ID, TOP_ELEMENT_ID } from "@/features/shell/element-ids";
import { ErrorBoundary } from "@/features/shell/error-boundary";
import { ErrorStringsProvider } from "@/features/shell/error-strings";
import { StartOnDemand } from "@/store/start-on-demand";
import "../globals.css";

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  return { metadataBase: new URL(originForLocale(serverEnv().SITE_URL, locale)), applicationName: "Paisible" };
}

export const viewport: Viewport = { themeColor: "#2f4f5f", width: "device-width", initialScale: 1 };

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations("Shell");
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body className="flex min-h-dvh flex-col">
        <div id={TOP_ELEMENT_ID} />
        <a
          href={`#${MAIN_ELEMENT_ID}`}
          className="sr-only z-50 rounded-md bg-primary px-4 py-3 font-semibold text-on-primary focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
        >
          {t("skipToContent")}
        </a>
        {/* No message runtime nor Redux here: the shell's islands get their words as props and
            the store loads on demand, so a first visit to a content page ships neither. */}
        <ErrorStringsProvider
          strings={{ title: t("error.title"), body: t("error.body"), retry: t("error.retry"), home: t("error.home"), call: t("error.call", { phone: ADVISOR_PHONE }) }}
        >
          <StartOnDemand />
          <ErrorBoundary fallback={null} name="route-events">
            <Suspense fallback={null}>
              <RouteEvents />
            </Suspense>
          </ErrorBoundary>
          <SiteHeader
            account={<AccountMenu signInClassName="hidden min-h-11 items-center whitespace-nowrap rounded-md border border-line-strong px-4 font-semibold text-ink hover:bg-sand-50 sm:inline-flex" />}
            mobileAccount={(className) => <MobileAccountLink className={className} />}
          />
          <main id={MAIN_ELEMENT_ID} tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter locale={locale} siteOrigin={serverEnv().SITE_URL} year={new Date().getFullYear()} />
        </ErrorStringsProvider>
      </body>
    </html>
  );
}
