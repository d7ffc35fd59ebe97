import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import { paths } from "@/config/paths";
import { PhoneLink } from "@/ui/phone-link";

/**
 * The opening of a public page: heading, a sentence on what it offers, and the two ways
 * forward a family always has (the quote and an advisor on the phone).
 */
export async function IntroPage({ page, values, children, showQuoteCta = true }: {
  page: string;
  values?: Record<string, string>;
  children?: ReactNode;
  showQuoteCta?: boolean;
}) {
  const t = await getTranslations("Pages");
  const shell = await getTranslations("Shell");
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <section className="py-10 sm:py-16">
        <h1 className="max-w-3xl text-3xl sm:text-5xl">{t(`${page}.heading`, values)}</h1>
        <p className="mt-5 max-w-2xl text-lg text-ink-soft sm:text-xl">{t(`${page}.lead`, values)}</p>
        {showQuoteCta ? (
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link
              href={paths.funeralQuote()}
              className="inline-flex min-h-12 items-center rounded-md bg-accent px-6 text-lg font-semibold text-on-primary hover:bg-accent-hover"
            >
              {t("ctaQuote")}
            </Link>
            <PhoneLink
              compactOnPhone={false}
              ariaLabel={shell("callAria", { phone: ADVISOR_PHONE })}
              className="inline-flex min-h-12 items-center gap-2 rounded-md border border-line-strong px-5 text-lg font-semibold text-ink hover:bg-sand-50"
            />
          </div>
        ) : null}
      </section>
      {children}
    </div>
  );
}
