import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { authPaths } from "@/config/auth-paths";
import { BRAND } from "@/config/brand";
import { ROLES } from "@/domain/roles";
import { SessionGuard } from "@/features/auth/session-guard";
import { requireServerAccount } from "@/features/auth/server-session";
import { loadFailedJobs } from "@/features/pro/failed-jobs";
import { FailedJobsTable } from "@/features/pro/failed-jobs-table";
import { Heading } from "@/ui/heading";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "ProJobs" });
  return { title: `${t("title")} | ${BRAND}`, description: t("intro"), robots: { index: false, follow: false } };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const account = await requireServerAccount("business_user", authPaths.proFailedJobs());
  const t = await getTranslations("ProJobs");
  const admin = (account.row as { role: number }).role === ROLES.ADMIN;
  const jobs = admin ? await loadFailedJobs() : [];
  const keys = ["empty", "kind", "attempts", "error", "failedAt", "actions", "retry", "discard", "retried", "discarded", "failed"] as const;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <SessionGuard realm="business_user" />
      <Heading level={1}>{t("title")}</Heading>
      {admin ? (
        <>
          <p className="mt-3 text-lg text-ink-soft">{t("intro")}</p>
          <FailedJobsTable jobs={jobs} locale={locale} labels={Object.fromEntries(keys.map((k) => [k, t(k)])) as Record<(typeof keys)[number], string>} />
        </>
      ) : (
        <p className="mt-3 text-lg">{t("forbidden")}</p>
      )}
    </div>
  );
}
