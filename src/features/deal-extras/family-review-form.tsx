"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import { REVIEW_LIMITS, type FamilyReviewState } from "@/domain/schemas/deal-extras";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Textarea } from "@/ui/textarea";
import { ErrorLine, useErrorText, useLoaded } from "./extras-shared";

const STARS = [5, 4, 3, 2, 1] as const;

/**
 * The family's review, opened from the e-mail in one tap on a phone: a rating, a few words,
 * the name to sign with. Sent once; what was typed stays on screen if the send fails.
 */
export function FamilyReviewForm({ dealId }: { dealId: number }) {
  const t = useTranslations("DealExtras.familyReview");
  const errorText = useErrorText();
  const [loaded, reload] = useLoaded(() => api.get<{ data: FamilyReviewState }>(`/api/v1/deals/${dealId}/family_review`).then((r) => r.data));
  const [rating, setRating] = useState(0);
  const [author, setAuthor] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [ratingError, setRatingError] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setRatingError(rating === 0 ? t("ratingMissing") : "");
    if (rating === 0) return;
    setBusy(true);
    setError("");
    try {
      await api.post(`/api/v1/deals/${dealId}/family_review`, { rating, author_name: author, title: title || null, body });
      await reload();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  if (loaded.kind === "loading") return <p>{t("loading")}</p>;
  if (loaded.kind === "failed") return <ErrorLine id="family-review-load" message={loaded.message} />;
  if (loaded.value.review) {
    return (
      <div className="space-y-2" data-testid="family-review-thanks">
        <p className="text-lg font-semibold">{t("thanks")}</p>
        <p>{t("thanksNext")}</p>
        <blockquote className="whitespace-pre-line rounded-md bg-stone-50 p-3">{loaded.value.review.body}</blockquote>
      </div>
    );
  }
  if (!loaded.value.requested) return <p>{t("notRequested")}</p>;

  return (
    <form onSubmit={send} className="space-y-4" aria-describedby={error ? "family-review-error" : undefined}>
      <fieldset aria-describedby={ratingError ? "family-review-rating-error" : undefined}>
        <legend className="text-lg font-semibold">{t("rating")}</legend>
        {ratingError && (
          <p id="family-review-rating-error" className="font-semibold text-red-800">
            {ratingError}
          </p>
        )}
        <div className="mt-2 grid gap-2">
          {STARS.map((stars) => (
            <label key={stars} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 has-[:checked]:border-stone-900 has-[:focus-visible]:ring-2">
              <input type="radio" name="rating" value={stars} checked={rating === stars} onChange={() => setRating(stars)} className="size-5" />
              <span aria-hidden="true">{"★".repeat(stars)}{"☆".repeat(5 - stars)}</span>
              <span>{t(`stars.${stars}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Textarea label={t("body")} hint={t("bodyHint", { max: REVIEW_LIMITS.body })} value={body} onChange={(e) => setBody(e.target.value)} maxLength={REVIEW_LIMITS.body} rows={5} required />
      <Input label={t("title")} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={REVIEW_LIMITS.title} />
      <Input label={t("author")} hint={t("authorHint")} value={author} onChange={(e) => setAuthor(e.target.value)} maxLength={REVIEW_LIMITS.author} autoComplete="name" required />
      <ErrorLine id="family-review-error" message={error} />
      <Button type="submit" size="lg" fullWidth disabled={busy}>
        {t("send")}
      </Button>
    </form>
  );
}
