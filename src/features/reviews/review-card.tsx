import { getFormatter, getTranslations } from "next-intl/server";
import { DemoTag, UnpublishedTag } from "@/ui/tags";
import type { PublicReview } from "@/server/services/reviews-page";
import { sourceKey } from "@/domain/schemas/external-review";
import { RatingStars } from "./rating-stars";

/**
 * One review as families wrote it (in French): stars, title, text, first name and town, and
 * where and when it was published ("Avis publié sur Google le …" for an imported one).
 */
export async function ReviewCard({ review, headingLevel = "h3" }: { review: PublicReview; headingLevel?: "h2" | "h3" }) {
  const t = await getTranslations("Reviews");
  const house = await getTranslations("ExternalReviews");
  const format = await getFormatter();
  const Heading = headingLevel;
  return (
    <article className="flex h-full flex-col rounded-lg border border-line bg-surface p-5 shadow-card" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <RatingStars rating={review.rating} label={t("starsLabel", { rating: review.rating })} size="sm" />
        {review.demo ? <DemoTag label={t("demoTag")} /> : null}
        {!review.published ? <UnpublishedTag label={t("unpublishedTag")} /> : null}
      </div>
      {review.title ? (
        <Heading className="mt-3 font-sans text-lg font-semibold" lang="fr" dir="auto">
          {review.title}
        </Heading>
      ) : null}
      <p className="mt-2 flex-1 text-ink" lang="fr" dir="auto">
        {review.body}
      </p>
      <p className="mt-3 text-sm text-ink-soft">
        <span dir="auto">{review.city ? t("authorCity", { author: review.authorName, city: review.city }) : review.authorName}</span>
        {" · "}
        {review.source ? (
          <span data-testid="review-source">
            {house("publishedOnSource", { source: house(`sources.${sourceKey(review.source)}`), date: format.dateTime(review.publishedAt, { dateStyle: "long" }) })}
            {review.externalUrl ? (
              <>
                {" · "}
                <a href={review.externalUrl} rel="noopener noreferrer nofollow" className="text-primary underline underline-offset-[0.2em]">
                  {house("seeOriginal")}
                </a>
              </>
            ) : null}
          </span>
        ) : (
          t("publishedOn", { date: format.dateTime(review.publishedAt, { dateStyle: "long" }) })
        )}
      </p>
    </article>
  );
}
