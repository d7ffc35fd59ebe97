import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE, OPERATOR } from "@/config/brand";
import { paths } from "@/config/paths";
import type { Locale } from "@/domain/locales";
import { FOOTER_COLUMNS } from "./nav-links";
import { LocaleSwitcher } from "./locale-switcher";
import { PhoneLink } from "@/ui/phone-link";
import { ErrorBoundary } from "./error-boundary";

const LEGAL_LINKS = [
  { key: "terms", doc: "conditions-generales" },
  { key: "privacy", doc: "politique-de-confidentialite" },
  { key: "legalNotice", doc: "mentions-legales" },
  { key: "documentation", doc: "documentation-generale" },
] as const;

export async function SiteFooter({ locale, siteOrigin, year }: { locale: Locale; siteOrigin: string; year: number }) {
  const t = await getTranslations("Shell");
  const linkClass = "inline-block py-1 text-ink-soft hover:text-ink hover:underline";
  return (
    <footer className="mt-16 border-t border-line bg-sand-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="font-serif text-xl font-semibold">Paisible</p>
          <p className="mt-3 max-w-sm text-ink-soft">{t("footer.about")}</p>
          <p className="mt-4 text-sm text-ink-soft">{t("callUs")}</p>
          <PhoneLink
            ariaLabel={t("callAria", { phone: ADVISOR_PHONE })}
            compactOnPhone={false}
            className="mt-1 inline-flex min-h-11 items-center gap-2 text-lg font-semibold text-primary"
          />
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="font-sans text-base font-semibold">{t(`footer.${column.title}`)}</h2>
            <ul className="mt-3 space-y-1">
              {column.links.map((link) => (
                <li key={link.key}>
                  <Link href={link.href} className={linkClass}>
                    {t(`footer.links.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:justify-between">
          <div>
            <h2 className="font-sans text-base font-semibold">{t("footer.legalTitle")}</h2>
            <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
              {LEGAL_LINKS.map((link) => (
                <li key={link.key}>
                  <a href={paths.legal(link.doc)} className={linkClass} type="application/pdf">
                    {t(`footer.${link.key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="font-sans text-base font-semibold">{t("footer.languageTitle")}</h2>
            <div className="mt-2">
              <ErrorBoundary fallback={null} name="locale-switcher">
                <LocaleSwitcher current={locale} siteOrigin={siteOrigin} label={t("localeSwitcher.label")} />
              </ErrorBoundary>
            </div>
          </div>
        </div>
        <p className="mx-auto max-w-6xl px-4 pb-8 text-sm text-ink-soft sm:px-6">
          {t("footer.copyright", { year })} {OPERATOR.legalName}, {OPERATOR.address}. {t("footer.licence")} : {OPERATOR.licence}.
        </p>
      </div>
    </footer>
  );
}
