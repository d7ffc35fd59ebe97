import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import type { ReviewsListPage, ReviewsSummary } from "@/server/services/reviews-page";
import { RatingStars } from "./rating-stars";
import { ReviewCard } from "./review-card";
import { distributionRows, paginationView } from "./reviews-view";

/** Where the page sits, for the breadcrumb trail and its structured data. */
export async function reviewsCrumbs(): Promise<Array<{ name: string; href: string }>> {
  const t = await getTranslations("Reviews");
  return [
    { name: t("breadcrumbHome"), href: paths.home() },
    { name: t("breadcrumbReviews"), href: paths.reviews() },
  ];
}

/** /avis-{brand}: the rating, how it splits by stars, and the reviews, ten per page. */
export async function ReviewsPage({ summary, list }: { summary: ReviewsSummary; list: ReviewsListPage }) {
  const t = await getTranslations("Reviews");
  const house = await getTranslations("ExternalReviews");
  const format = await getFormatter();
  const rating = format.number(summary.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const pagination = paginationView(list.page, list.totalPages);
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <header className="py-8 sm:py-10">
        <h1 className="max-w-3xl text-3xl sm:text-5xl">{t("heading")}</h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-soft">{t("lead")}</p>
        {summary.scope === "examples" ? (
          <p role="note" className="mt-4 max-w-2xl rounded-md border border-warning bg-surface p-4 font-medium" data-testid="reviews-examples">
            {house("examplesBanner")}
          </p>
        ) : null}
      </header>

      {summary.total === 0 ? (
        <p className="text-lg text-ink-soft">{t("empty")}</p>
      ) : (
        <div className="grid gap-10 lg:grid-cols-3">
          <section aria-labelledby="summary-heading" className="h-fit rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">
            <h2 id="summary-heading" className="font-sans text-lg font-semibold">
              {t("summaryHeading")}
            </h2>
            <p className="mt-3 flex items-baseline gap-2">
              <span className="font-serif text-5xl font-semibold text-ink" data-testid="rating-value">
                {rating}
              </span>
              <span className="text-ink-soft">{t("outOfFive")}</span>
            </p>
            <div className="mt-2">
              <RatingStars rating={summary.rating} label={t("starsLabel", { rating })} size="lg" />
            </div>
            <p className="mt-2 text-ink-soft" data-testid="reviews-total">
              {t("total", { count: summary.total })}
            </p>
            <table className="mt-5 w-full border-collapse text-start">
              <caption className="sr-only">{t("distributionCaption")}</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t("distributionStars")}</th>
                  <th scope="col">{t("distributionShare")}</th>
                  <th scope="col">{t("distributionCount")}</th>
                </tr>
              </thead>
              <tbody>
                {distributionRows(summary).map((row) => (
                  <tr key={row.stars}>
                    <th scope="row" className="whitespace-nowrap py-1 pe-3 text-start font-normal">
                      {t("starsShort", { count: row.stars })}
                    </th>
                    <td className="w-full py-1">
                      <span className="block h-2.5 w-full overflow-hidden rounded-full bg-sand-100" aria-hidden="true">
                        <span className="block h-full rounded-full bg-accent" style={{ width: `${row.percent}%` }} />
                      </span>
                      <span className="sr-only">{format.number(row.percent / 100, { style: "percent" })}</span>
                    </td>
                    <td className="py-1 ps-3 text-end tabular-nums text-ink-soft">{format.number(row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {summary.includesDemo ? <p className="mt-4 text-sm font-medium text-warning">{t("demoNote")}</p> : null}
            {summary.unpublished > 0 ? <p className="mt-2 text-sm text-warning">{t("unpublishedNote", { count: summary.unpublished })}</p> : null}
          </section>

          <section aria-labelledby="list-heading" className="lg:col-span-2">
            <h2 id="list-heading" className="text-2xl">
              {t("listHeading")}
              {list.totalPages > 1 ? <span className="ms-2 text-base font-normal text-ink-soft">{t("pageOf", { page: pagination.page, total: pagination.totalPages })}</span> : null}
            </h2>
            <ul className="mt-5 grid gap-4 md:grid-cols-2">
              {list.items.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
            {pagination.totalPages > 1 ? (
              <nav aria-label={t("paginationLabel")} className="mt-8">
                <ul className="flex flex-wrap items-center gap-2">
                  <li>
                    {pagination.previous ? (
                      <Link href={pagination.previous} rel="prev" className="inline-flex min-h-11 items-center rounded-md border border-line-strong px-4 font-semibold text-primary hover:bg-primary-soft">
                        {t("previous")}
                      </Link>
                    ) : null}
                  </li>
                  {pagination.items.map((item, index) =>
                    item === null ? (
                      <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
                        …
                      </li>
                    ) : (
                      <li key={item.page}>
                        <Link
                          href={item.href}
                          aria-current={item.current ? "page" : undefined}
                          aria-label={t("pageLabel", { page: item.page })}
                          className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 font-semibold ${
                            item.current ? "border-primary bg-primary text-on-primary" : "border-line-strong text-primary hover:bg-primary-soft"
                          }`}
                        >
                          {format.number(item.page)}
                        </Link>
                      </li>
                    ),
                  )}
                  <li>
                    {pagination.next ? (
                      <Link href={pagination.next} rel="next" className="inline-flex min-h-11 items-center rounded-md border border-line-strong px-4 font-semibold text-primary hover:bg-primary-soft">
                        {t("next")}
                      </Link>
                    ) : null}
                  </li>
                </ul>
              </nav>
            ) : null}
          </section>
        </div>
      )}
    </div>
  );
}
