import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { ClientMessages } from "@/i18n/client-messages";
import { getDb } from "@/server/db/client";
import { cleaningReset } from "@/server/services/cleaning/cleaning-reset";
import { Heading } from "@/ui/heading";
import { CleaningReportView } from "./cleaning-report";
import { CleaningRun } from "./cleaning-run";

export async function cleaningMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProHouse.cleaning" });
  return { title: `${t("title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** /pro/nettoyage (admins): the dry run of the cleaning reset, read as the page opens, and the confirmed run. */
export async function CleaningPageView({ admin }: { admin: boolean }) {
  const t = await getTranslations("ProHouse.cleaning");
  const report = admin ? await cleaningReset(await getDb(), { dry_run: true }) : null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Heading level={1}>{t("title")}</Heading>
      {report ? (
        <>
          <p className="mt-2 text-lg text-ink-soft">{t("intro")}</p>
          <ClientMessages namespaces={["ProHouse.cleaning", "Errors"]}>
            <CleaningReportView report={report} heading={t("dryRunHeading")} />
            {report.total > 0 ? <CleaningRun total={report.total} /> : null}
          </ClientMessages>
        </>
      ) : (
        <p className="mt-3 text-lg">{t("forbidden")}</p>
      )}
    </div>
  );
}
