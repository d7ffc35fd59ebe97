import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import { paths } from "@/config/paths";
import { HEADER_LINKS } from "./nav-links";
import { MobileMenu } from "./mobile-menu";
import { PhoneLink } from "@/ui/phone-link";
import { ErrorBoundary } from "./error-boundary";
import { Logo } from "./logo";

const MOBILE_ACCOUNT_CLASS = "flex min-h-12 items-center text-lg font-semibold text-primary";

/**
 * `account`: the account entry (sign-in link or signed-in menu) and `mobileAccount`: the
 * phone menu's account line, both mounted by the layout from the auth feature.
 */
export async function SiteHeader({ account, mobileAccount }: { account?: ReactNode; mobileAccount?: (className: string) => ReactNode } = {}) {
  const t = await getTranslations("Shell");
  const navItems = HEADER_LINKS.map((link) => ({ ...link, label: t(`nav.${link.key}`) }));
  const linkClass = "whitespace-nowrap rounded-sm px-1 py-2 font-medium text-ink hover:text-primary hover:underline";

  return (
    <header className="relative border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
        <Link href={paths.home()} className="flex min-h-11 items-center gap-2 text-ink no-underline" aria-label={t("homeLink")}>
          <Logo />
          <span className="font-serif text-2xl font-semibold tracking-tight">Paisible</span>
        </Link>
        <nav aria-label={t("mainNav")} className="ms-4 hidden xl:block">
          <ul className="flex items-center gap-4">
            {navItems.filter((item) => !("mobileOnly" in item)).map((item) => (
              <li key={item.key}>
                <Link href={item.href} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2 sm:gap-3">
          <PhoneLink
            ariaLabel={t("callAria", { phone: ADVISOR_PHONE })}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 whitespace-nowrap rounded-md px-2 font-semibold text-primary hover:bg-primary-soft"
          />
          {account ?? (
            <Link
              href={paths.login()}
              className="hidden min-h-11 items-center whitespace-nowrap rounded-md border border-line-strong px-4 font-semibold text-ink hover:bg-sand-50 sm:inline-flex"
            >
              {t("nav.login")}
            </Link>
          )}
          <ErrorBoundary fallback={null} name="mobile-menu">
            <MobileMenu openLabel={t("menuOpen")} closeLabel={t("menuClose")}>
              <nav aria-label={t("mainNav")}>
                <ul className="flex flex-col">
                  {navItems.map((item) => (
                    <li key={item.key} className="border-b border-line last:border-0">
                      <Link href={item.href} className="flex min-h-12 items-center text-lg text-ink">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    {mobileAccount?.(MOBILE_ACCOUNT_CLASS) ?? (
                      <Link href={paths.login()} className={MOBILE_ACCOUNT_CLASS}>
                        {t("nav.login")}
                      </Link>
                    )}
                  </li>
                </ul>
              </nav>
            </MobileMenu>
          </ErrorBoundary>
        </div>
      </div>
    </header>
  );
}
