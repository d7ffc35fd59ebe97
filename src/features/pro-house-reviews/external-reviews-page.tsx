import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { ClientMessages } from "@/i18n/client-messages";
import { getDb } from "@/server/db/client";
import { listExternalReviews } from "@/server/services/external-reviews/external-reviews";
import { Heading } from "@/ui/heading";
import { ExternalReviewsImport } from "./external-reviews-import";
import { ExternalReviewsTable } from "./external-reviews-table";

export async function externalReviewsMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProHouse.reviews" });
  return { title: `${t("title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** /pro/avis-externes (roles 0-1): import a CSV file after a dry run, then list the imported reviews and hide one. */
export async function ExternalReviewsPageView() {
  const t = await getTranslations("ProHouse.reviews");
  const { data } = await listExternalReviews(await getDb(), { page: 1, per_page: 100 });
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Heading level={1}>{t("title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{t("intro")}</p>
      <ClientMessages namespaces={["ProHouse.reviews", "ExternalReviews.sources", "Errors"]}>
        <ExternalReviewsImport />
        <section aria-labelledby="imported-heading" className="mt-10">
          <h2 id="imported-heading" className="text-2xl">
            {t("listHeading")}
          </h2>
          {data.length === 0 ? <p className="mt-3">{t("empty")}</p> : <ExternalReviewsTable reviews={data} />}
        </section>
      </ClientMessages>
    </div>
  );
}
