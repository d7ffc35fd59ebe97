import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { loadFailedJobs } from "@/features/pro/failed-jobs";
import { FailedJobsTable } from "@/features/pro/failed-jobs-table";
import { Heading } from "@/ui/heading";

const LABEL_KEYS = ["empty", "kind", "attempts", "error", "failedAt", "actions", "retry", "discard", "retried", "discarded", "failed"] as const;

export async function failedJobsMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProJobs" });
  return { title: `${t("title")} | ${BRAND}`, description: t("intro"), robots: { index: false, follow: false } };
}

/** The admins' page of jobs that failed all their attempts; other roles are told it is not theirs. */
export async function FailedJobsPage({ locale, admin }: { locale: string; admin: boolean }) {
  const t = await getTranslations("ProJobs");
  const jobs = admin ? await loadFailedJobs() : [];
  const labels = Object.fromEntries(LABEL_KEYS.map((k) => [k, t(k)])) as Record<(typeof LABEL_KEYS)[number], string>;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <Heading level={1}>{t("title")}</Heading>
      {admin ? (
        <>
          <p className="mt-3 text-lg text-ink-soft">{t("intro")}</p>
          <FailedJobsTable jobs={jobs} locale={locale} labels={labels} />
        </>
      ) : (
        <p className="mt-3 text-lg">{t("forbidden")}</p>
      )}
    </div>
  );
}
