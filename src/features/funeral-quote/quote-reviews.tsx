"use client";

import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import type { ReviewsAggregate, Review } from "@/domain/schemas/review";

/**
 * What other families said, read from the published reviews. Loaded in the browser so
 * the page itself stays static; demonstration reviews say so.
 */
export function QuoteReviews() {
  const t = useTranslations("Quote.landing.reviews");
  const locale = useLocale();
  const [data, setData] = useState<{ reviews: Review[]; aggregate: ReviewsAggregate } | null>(null);

  useEffect(() => {
    let cancelled = false;
    api
      .get<{ data: Review[]; internal: ReviewsAggregate }>("/api/v1/website/reviews", { query: { per_page: 3 }, notifySessionExpired: false })
      .then((answer) => {
        if (!cancelled) setData({ reviews: answer.data, aggregate: answer.internal });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  if (!data || data.reviews.length === 0) return null;
  const rating = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, numberingSystem: "latn" }).format(data.aggregate.rating);
  return (
    <section aria-labelledby="quote-reviews" className="py-10">
      <h2 id="quote-reviews" className="text-2xl sm:text-3xl">
        {t("title")}
      </h2>
      {data.aggregate.total_reviews > 0 ? <p className="mt-2 text-lg text-ink-soft">{t("aggregate", { rating, count: data.aggregate.total_reviews })}</p> : null}
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {data.reviews.map((review) => (
          <li key={review.id} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-5 shadow-card">
            <p className="text-lg text-accent">
              <span className="sr-only">{t("stars", { rating: review.rating })}</span>
              <span aria-hidden="true">{"★".repeat(review.rating)}{"☆".repeat(Math.max(0, 5 - review.rating))}</span>
            </p>
            {review.title ? (
              <p className="font-semibold" lang="fr" dir="auto">
                {review.title}
              </p>
            ) : null}
            <blockquote className="text-ink-soft" lang="fr" dir="auto">
              {review.body}
            </blockquote>
            <p className="mt-auto text-sm text-ink-soft">
              {review.author_name}
              {review.city ? `, ${review.city}` : ""}
              {review.demo ? ` – ${t("demo")}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
