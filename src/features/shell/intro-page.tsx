import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import { paths } from "@/config/paths";
import { Hero } from "@/ui/hero";

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
      <Hero
        title={t(`${page}.heading`, values)}
        lead={t(`${page}.lead`, values)}
        action={showQuoteCta ? { href: paths.funeralQuote(), label: t("ctaQuote") } : undefined}
        call={showQuoteCta ? { ariaLabel: shell("callAria", { phone: ADVISOR_PHONE }) } : undefined}
      />
      {children}
    </div>
  );
}
