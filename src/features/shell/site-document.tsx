import type { ReactNode } from "react";
import type { Metadata, Viewport } from "next";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE, BRAND } from "@/config/brand";
import { serverEnv } from "@/config/env";
import { directionOf, type Locale } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { MAIN_ELEMENT_ID, TOP_ELEMENT_ID } from "@/features/shell/element-ids";
import { ErrorBoundary } from "@/features/shell/error-boundary";
import { ErrorStringsProvider } from "@/features/shell/error-strings";
import { RouteEvents } from "@/features/shell/route-events";
import { SiteFooter } from "@/features/shell/site-footer";
import { SiteHeader } from "@/features/shell/site-header";
import { StartOnDemand } from "@/store/start-on-demand";

export const SITE_VIEWPORT: Viewport = { themeColor: "#2f4f5f", width: "device-width", initialScale: 1 };

export function siteMetadata(locale: Locale): Metadata {
  return { metadataBase: new URL(originForLocale(serverEnv().SITE_URL, locale)), applicationName: BRAND };
}

type Props = {
  locale: Locale;
  /** The account entry of the header, and of the phone menu (given by the route, which may combine features). */
  account: ReactNode;
  mobileAccount: (className: string) => ReactNode;
  /** Fixed helpers over the page (the assistant's launcher), given by the route like the account entry. */
  floating?: ReactNode;
  children: ReactNode;
};

/** The page around every public, client and professional page: skip link, header, main, footer. */
export async function SiteDocument({ locale, account, mobileAccount, floating, children }: Props) {
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
          <SiteHeader account={account} mobileAccount={mobileAccount} />
          <main id={MAIN_ELEMENT_ID} tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter locale={locale} siteOrigin={serverEnv().SITE_URL} year={new Date().getFullYear()} />
          {floating ? (
            <ErrorBoundary fallback={null} name="floating">
              {floating}
            </ErrorBoundary>
          ) : null}
        </ErrorStringsProvider>
      </body>
    </html>
  );
}
