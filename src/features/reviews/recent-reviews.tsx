import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { getDb } from "@/server/db/client";
import { listRecentReviews, type ReviewsSummary } from "@/server/services/reviews-page";
import { RatingStars } from "./rating-stars";
import { ReviewCard } from "./review-card";

/** The rating and the newest reviews, for the home page. */
export async function RecentReviews({ summary, isPreview, count = 3 }: { summary: ReviewsSummary; isPreview: boolean; count?: number }) {
  const t = await getTranslations("Reviews");
  const format = await getFormatter();
  const reviews = summary.total === 0 ? [] : await listRecentReviews(await getDb(), count, { includeUnpublished: isPreview });
  const rating = format.number(summary.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <div>
      {summary.total > 0 ? (
        <p className="flex flex-wrap items-center gap-3">
          <span className="font-serif text-4xl font-semibold">{rating}</span>
          <span className="text-ink-soft">{t("outOfFive")}</span>
          <RatingStars rating={summary.rating} label={t("starsLabel", { rating })} />
          <span className="text-ink-soft">{t("total", { count: summary.total })}</span>
        </p>
      ) : (
        <p className="text-ink-soft">{t("empty")}</p>
      )}
      {reviews.length > 0 ? (
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      ) : null}
      {summary.includesDemo ? <p className="mt-4 text-sm font-medium text-warning">{t("demoNote")}</p> : null}
      <p className="mt-4">
        <Link href={paths.reviews()} className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-[0.2em] hover:decoration-2">
          {t("readAll", { count: summary.total })}
        </Link>
      </p>
    </div>
  );
}
