import { and, asc, eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { isPastCeremony } from "@/domain/deal-states";
import type { DealReviews, DealReviewView, FamilyReviewInput, FamilyReviewState, ReviewRequestView } from "@/domain/schemas/deal-extras";
import { escapeHtml } from "@/domain/escape-html";
import { DEFAULT_LOCALE, localeOrDefault, type Locale } from "@/domain/locales";
import { ROLES } from "@/domain/roles";
import { epochSeconds } from "@/domain/time";
import { originForLocale } from "@/i18n/locale-host";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { reviewRequests, reviews } from "@/server/db/schema/content";
import { dealSettings, deals } from "@/server/db/schema/deals";
import { ApiError, notFoundError, RateLimitedError } from "@/server/http/errors";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { enqueue } from "@/server/jobs/queue";
import { PermanentJobError } from "@/server/jobs/worker";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { dealRoleOf } from "@/server/services/deals/deal-access";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";
import { loadDealOwner } from "@/server/services/deals/deal-owner";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { readSetting } from "@/server/services/funeral-quote/funnel-setting";
import { consumeRateLimit } from "@/server/services/rate-limit";

/**
 * The review a funeral home asks of a family once the funeral is behind them
 * (GET/POST /api/v1/deals/{id}/reviews), and the family's answer from their client space
 * (GET/POST /api/v1/deals/{id}/family_review). The review lands unpublished: the public
 * reviews page and its AggregateRating count only published ones (services/reviews.ts),
 * until a director publishes it (PUT …/reviews/{review_id}).
 */

/** Job: the review request e-mail to the deal's owner (ReviewRequestMail messages). */
export const REVIEW_REQUEST_EMAIL_JOB = "deals.review_request_email";

/** Reviews one family member may send per hour, and one caller address per hour (a family sends one). */
export const REVIEW_POSTS_PER_CLIENT_PER_HOUR = 5;
export const REVIEW_POSTS_PER_IP_PER_HOUR = 20;
const HOUR_MS = 3600 * 1000;

type ReviewRow = typeof reviews.$inferSelect;

function reviewView(row: ReviewRow): DealReviewView {
  return { id: row.id, author_name: row.authorName, rating: row.rating, title: row.title, body: row.body, published: row.published, created_at: epochSeconds(row.createdAt) };
}

function requestView(row: typeof reviewRequests.$inferSelect): ReviewRequestView {
  return { id: row.id, client_id: row.clientId, locale: row.locale, forced: row.forced, created_at: epochSeconds(row.createdAt) };
}

async function reviewOfDeal(db: Db, dealId: number): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.dealId, dealId)).limit(1);
  return row ?? null;
}

/** The family's language: the one they used in the funnel, else the default. */
async function familyLocale(db: Db, dealId: number): Promise<Locale> {
  const [setting] = await db.select({ value: dealSettings.value }).from(dealSettings).where(and(eq(dealSettings.dealId, dealId), eq(dealSettings.key, FUNNEL_SETTING_KEY))).limit(1);
  return localeOrDefault(readSetting(setting?.value)?.locale ?? DEFAULT_LOCALE);
}

export async function listDealReviews(db: Db, auth: AuthSession, dealId: number): Promise<DealReviews> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "read");
  const requests = await db.select().from(reviewRequests).where(eq(reviewRequests.dealId, deal.id)).orderBy(asc(reviewRequests.id));
  const review = await reviewOfDeal(db, deal.id);
  return { requests: requests.map(requestView), review: review ? reviewView(review) : null };
}

/**
 * Asks the family for a review: 422 review_request__deal__not_finished before the ceremony,
 * review_request__already_sent on a second ask (unless a director forces it: roles 0-1),
 * review_request__already_reviewed once they answered, deal__owner__no_email without an address.
 * The e-mail is enqueued in the same transaction; each request has its own delivery key.
 */
export async function requestDealReview(db: Db, auth: AuthSession, dealId: number, input: { force?: boolean | undefined }, now: Date): Promise<ReviewRequestView> {
  return db.transaction(async (tx) => {
    const { deal, userId, role } = await requireBusinessDeal(tx, auth, dealId, "manage", { lock: true });
    if (!isPastCeremony(deal.kind, deal.state)) throw new ApiError(422, "review_request__deal__not_finished");
    if (await reviewOfDeal(tx, deal.id)) throw new ApiError(422, "review_request__already_reviewed");
    const force = input.force === true;
    if (force && role !== ROLES.ADMIN && role !== ROLES.FUNERAL_DIRECTOR) throw new ApiError(403, "forbidden");
    const [earlier] = await tx.select({ id: reviewRequests.id }).from(reviewRequests).where(eq(reviewRequests.dealId, deal.id)).limit(1);
    if (earlier && !force) throw new ApiError(422, "review_request__already_sent");
    const owner = await loadDealOwner(tx, deal.id);
    if (!owner?.email) throw new ApiError(422, "deal__owner__no_email");
    const locale = await familyLocale(tx, deal.id);
    const [row] = await tx.insert(reviewRequests).values({ dealId: deal.id, clientId: owner.id, requestedById: userId, locale, forced: force, createdAt: now, updatedAt: now }).returning();
    await enqueue(tx, { kind: REVIEW_REQUEST_EMAIL_JOB, payload: { deal_id: deal.id, request_id: row!.id }, idempotencyKey: `${REVIEW_REQUEST_EMAIL_JOB}:${row!.id}` }, now);
    return requestView(row!);
  });
}

/** PUT …/reviews/{review_id}: a director publishes (or hides again) the family's review. */
export async function publishDealReview(db: Db, auth: AuthSession, dealId: number, reviewId: number, published: boolean, now: Date): Promise<DealReviewView> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "read");
  const [row] = await db
    .update(reviews)
    .set({ published, ...(published ? { publishedAt: now } : {}), updatedAt: now })
    .where(and(eq(reviews.id, reviewId), eq(reviews.dealId, deal.id)))
    .returning();
  if (!row) throw notFoundError();
  return reviewView(row);
}

/** The family's side: whether they were asked, and their review once left. Any family member of the deal reads it. */
export async function familyReviewState(db: Db, auth: AuthSession, dealId: number): Promise<FamilyReviewState> {
  const role = await dealRoleOf(db, dealId, auth);
  if (!role) throw notFoundError();
  const [request] = await db.select({ id: reviewRequests.id }).from(reviewRequests).where(eq(reviewRequests.dealId, dealId)).limit(1);
  const review = await reviewOfDeal(db, dealId);
  return { requested: Boolean(request), review: review ? reviewView(review) : null };
}

/**
 * The family's review (owner or editor; readers and the notary 403): only once asked
 * (422 review__not_requested), once per deal (422 review__already_left, the unique index
 * settles two sends at once), rate-limited per member and per address (429). Plain text,
 * stored unpublished and never demo.
 */
export async function leaveFamilyReview(db: Db, auth: AuthSession, dealId: number, input: FamilyReviewInput, ip: string, now: Date): Promise<DealReviewView> {
  const role = await dealRoleOf(db, dealId, auth);
  if (!role) throw notFoundError();
  if (role !== "owner" && role !== "editor") throw new ApiError(403, "forbidden");
  const decision = await consumeRateLimit(db, {
    bucket: "family_review",
    rules: [
      { key: `client:${auth.userId}`, limit: REVIEW_POSTS_PER_CLIENT_PER_HOUR, windowMs: HOUR_MS },
      { key: `ip:${ip}`, limit: REVIEW_POSTS_PER_IP_PER_HOUR, windowMs: HOUR_MS },
    ],
    now,
  });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  return db.transaction(async (tx) => {
    const [deal] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, dealId)).for("update");
    if (!deal) throw notFoundError();
    const [request] = await tx.select({ id: reviewRequests.id }).from(reviewRequests).where(eq(reviewRequests.dealId, dealId)).limit(1);
    if (!request) throw new ApiError(422, "review__not_requested");
    if (await reviewOfDeal(tx, dealId)) throw new ApiError(422, "review__already_left");
    const [row] = await tx
      .insert(reviews)
      .values({ authorName: input.author_name, rating: input.rating, title: input.title || null, body: input.body, dealId, clientId: auth.userId, publishedAt: now, published: false, demo: false, createdAt: now, updatedAt: now })
      .returning();
    return reviewView(row!);
  });
}

type Translate = (key: string, values?: Record<string, string>) => string;

/** The job: the request in the family's language, with the one link to their review form. */
export async function deliverReviewRequestEmail(db: Db, payload: Record<string, unknown>, key: string, ctx: { mailer: Mailer; siteUrl: string; now: Date }): Promise<"sent" | "already_sent" | "no_recipient"> {
  const dealId = payload.deal_id;
  const requestId = payload.request_id;
  if (typeof dealId !== "number" || !Number.isInteger(dealId) || typeof requestId !== "number") throw new PermanentJobError("payload_invalid");
  const [request] = await db.select().from(reviewRequests).where(and(eq(reviewRequests.id, requestId), eq(reviewRequests.dealId, dealId))).limit(1);
  if (!request) throw new PermanentJobError("review_request_missing");
  const owner = await loadDealOwner(db, dealId);
  if (!owner?.email) return "no_recipient";
  const locale = localeOrDefault(request.locale);
  const delivery = await sendDealEmailOnce(db, ctx.mailer, key, { dealId, kind: "review_request", now: ctx.now }, async () => {
    // Messages are loaded at run time, so their keys are unknown to the type checker.
    const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "ReviewRequestMail" }) as unknown as Translate;
    const link = `${originForLocale(ctx.siteUrl, locale)}${paths.dealReview(dealId)}`;
    const greeting = owner.firstname ? t("greetingName", { name: owner.firstname }) : t("greeting");
    const lines = [t("intro", { brand: BRAND }), t("ask"), t("privacy")];
    const signature = t("signature", { brand: BRAND });
    const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";
    return {
      to: owner.email!,
      subject: t("subject", { brand: BRAND }),
      text: `${greeting}\n\n${lines.join("\n\n")}\n\n${t("cta")}\n${link}\n\n${signature}`,
      html: `<div lang="${locale}" dir="${dir}"><p>${escapeHtml(greeting)}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(t("cta"))}</a></p><p>${escapeHtml(signature).replace(/\n/g, "<br>")}</p></div>`,
      locale,
      tag: "review_request",
    };
  });
  return delivery.status;
}
