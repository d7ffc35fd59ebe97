"use client";

import { useSyncExternalStore } from "react";
import { usePathname } from "next/navigation";
import { isLocale, LOCALES, LOCALE_NAMES, type Locale } from "@/domain/locales";
import { hostForLocale } from "@/i18n/locale-host";

/**
 * Links to the same page on each locale's host. The server renders them from the
 * canonical site origin; in the browser they are rebuilt from the real host so preview
 * hosts ({locale}--{host}) keep working.
 */
const noSubscription = () => () => {};

function publicPath(pathname: string): string {
  const [, first, ...rest] = pathname.split("/");
  return isLocale(first) ? `/${rest.join("/")}` : pathname;
}

export function LocaleSwitcher({ current, siteOrigin, label }: { current: Locale; siteOrigin: string; label: string }) {
  // On rewritten pages the router may report the internal /{locale}/… path: the public path never has it.
  const pathname = publicPath(usePathname() ?? "/");
  const site = new URL(siteOrigin);
  const origin = useSyncExternalStore(
    noSubscription,
    () => `${window.location.protocol}//${window.location.host}`,
    () => `${site.protocol}//${site.host}`,
  );
  const [protocol, host] = origin.split("//") as [string, string];

  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={`${protocol}//${hostForLocale(host, locale)}${pathname}`}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              className={locale === current ? "font-semibold text-ink underline" : "text-ink-soft hover:text-ink hover:underline"}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
