"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import { sourceKey, type ExternalReviewView } from "@/domain/schemas/external-review";
import { Button } from "@/ui/button";

/** The imported reviews with their source, date and visibility; hiding one takes it off the public page at once. */
export function ExternalReviewsTable({ reviews }: { reviews: ExternalReviewView[] }) {
  const t = useTranslations("ProHouse.reviews");
  const sources = useTranslations("ExternalReviews.sources");
  const errors = useTranslations("Errors");
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });

  async function toggle(review: ExternalReviewView) {
    setBusy(review.id);
    try {
      await api.put(`/api/v1/external_reviews/${review.id}`, { published: !review.published });
      setStatus(t("saved"));
      router.refresh();
    } catch {
      setStatus(errors("unhandled"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <p role="status" aria-live="polite" className="mt-3 min-h-6 font-medium">
        {status}
      </p>
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full border-collapse text-start text-sm">
          <caption className="sr-only">{t("listHeading")}</caption>
          <thead className="bg-sand-50">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">{t("author")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("source")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("rating")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("date")}</th>
              <th scope="col" className="px-3 py-2 text-start">{t("visibility")}</th>
            </tr>
          </thead>
          <tbody>
            {reviews.map((review) => (
              <tr key={review.id} className="border-t border-line align-top" data-testid="external-review">
                <th scope="row" className="px-3 py-2 text-start font-semibold">
                  <span dir="auto">{review.author_name}</span>
                  <span className="mt-1 block font-normal text-ink-soft" lang="fr" dir="auto">
                    {review.body.length > 140 ? `${review.body.slice(0, 140)}…` : review.body}
                  </span>
                </th>
                <td className="px-3 py-2">{sources(sourceKey(review.source))}</td>
                <td className="px-3 py-2 whitespace-nowrap">{t("ratingValue", { rating: review.rating })}</td>
                <td className="px-3 py-2 whitespace-nowrap">{day.format(new Date(`${review.published_on}T00:00:00Z`))}</td>
                <td className="px-3 py-2">
                  <span className="block">{review.published ? t("visible") : t("hidden")}</span>
                  <Button variant="secondary" disabled={busy === review.id} onClick={() => toggle(review)} aria-label={`${review.published ? t("hide") : t("show")} – ${review.author_name}`}>
                    {review.published ? t("hide") : t("show")}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
