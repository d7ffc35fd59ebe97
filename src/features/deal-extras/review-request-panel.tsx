"use client";

import { useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import { ROLES } from "@/domain/roles";
import type { DealReviews } from "@/domain/schemas/deal-extras";
import { Button } from "@/ui/button";
import { UnpublishedTag } from "@/ui/tags";
import { day, ErrorLine, PanelFrame, useAction, useLoaded, type DealExtraPanelProps } from "./extras-shared";

/**
 * The deal page's "review" panel: ask the family for a review once the funeral is behind
 * them (the server says when it is too early), see the requests sent and the review left;
 * directors publish it on the public reviews page or ask again.
 */
export function ReviewRequestPanel({ dealId, role, locale }: DealExtraPanelProps) {
  const t = useTranslations("DealExtras.reviews");
  const [loaded, reload] = useLoaded(() => api.get<{ data: DealReviews }>(`/api/v1/deals/${dealId}/reviews`).then((r) => r.data));
  const { busy, error, run: call } = useAction();
  const director = role === ROLES.ADMIN || role === ROLES.FUNERAL_DIRECTOR;
  const run = async (action: () => Promise<unknown>) => (await call(action)) && reload();

  if (loaded.kind !== "ready") {
    return <PanelFrame id="deal-reviews" title={t("title")}>{loaded.kind === "failed" ? <ErrorLine id="deal-reviews-load" message={loaded.message} /> : <p>{t("loading")}</p>}</PanelFrame>;
  }
  const { requests, review } = loaded.value;
  return (
    <PanelFrame id="deal-reviews" title={t("title")}>
      {requests.length === 0 ? (
        <p className="text-stone-700">{t("none")}</p>
      ) : (
        <ul className="list-disc ps-5">
          {requests.map((request) => (
            <li key={request.id}>{t(request.forced ? "askedAgainOn" : "askedOn", { date: day(request.created_at, locale) })}</li>
          ))}
        </ul>
      )}
      {review ? (
        <figure className="rounded-md bg-stone-50 p-3">
          <p className="font-semibold">
            {t("rating", { rating: review.rating })}
            {!review.published && <UnpublishedTag label={t("unpublished")} />}
          </p>
          {review.title && <p className="mt-1 font-semibold">{review.title}</p>}
          {/* Plain text as the family typed it: React escapes it, nothing is rendered as HTML. */}
          <blockquote className="mt-1 whitespace-pre-line">{review.body}</blockquote>
          <figcaption className="mt-1 text-stone-700">{review.author_name}</figcaption>
        </figure>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {!review && (requests.length === 0 || director) && (
          <Button type="button" disabled={busy} onClick={() => run(() => api.post(`/api/v1/deals/${dealId}/reviews`, requests.length === 0 ? {} : { force: true }))}>
            {requests.length === 0 ? t("ask") : t("askAgain")}
          </Button>
        )}
        {review && director && (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => run(() => api.put(`/api/v1/deals/${dealId}/reviews/${review.id}`, { published: !review.published }))}>
            {review.published ? t("hide") : t("publish")}
          </Button>
        )}
      </div>
      <ErrorLine id="deal-reviews-error" message={error} />
    </PanelFrame>
  );
}
