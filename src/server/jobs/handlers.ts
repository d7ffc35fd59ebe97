import { publicEnv, serverEnv } from "@/config/env";
import { getMailer } from "@/server/integrations/mail/mailer";
import { getSmsSender } from "@/server/integrations/sms/sms-outbox";
import { PURGE_EXPIRED_JOB, purgeExpired } from "@/server/jobs/maintenance";
import type { JobHandlers, PeriodicJob } from "@/server/jobs/worker";
import { PermanentJobError } from "@/server/jobs/worker";
import { deliverPasswordResetEmail, PASSWORD_RESET_EMAIL_JOB, type PasswordResetJobPayload } from "@/server/services/auth/password-reset";
import { deliverInvitationEmail, FAMILY_INVITATION_EMAIL_JOB, type InvitationEmailPayload } from "@/server/services/family/invitation-email-job";
import { DEADLINE_REMINDER_JOB, scheduleDealReminders, sendDealReminder, type ReminderPayload } from "@/server/services/family-reminders";
import { deliverFunnelQuoteEmail } from "@/server/services/funeral-quote/quote-email-job";
import { FLOWER_ORDER_EMAIL_JOB } from "@/server/services/flower-funnel/context";
import { deliverFlowerOrderEmail } from "@/server/services/flower-funnel/order-email-job";
import { DOCUMENT_REQUEST_SMS_JOB } from "@/server/services/document-requests/create-document-request";
import { sendDocumentRequestSms } from "@/server/services/document-requests/send-document-request-sms";
import { SmsGatewayError } from "@/server/integrations/sms/sms-gateway";
import { FUNNEL_QUOTE_EMAIL_JOB, FUNNEL_REQUEST_NOTIFY_JOB, SCHEDULE_REMINDERS_JOB } from "@/server/services/funeral-quote/submission-jobs";
import { notify } from "@/server/services/notifications/notify";
import { deliverMarbleQuoteEmail } from "@/server/services/marble-funnel/quote-email";
import { MARBLE_QUOTE_EMAIL_JOB } from "@/server/services/marble-funnel/save-marble-deal";
import { deliverFormalityLetter, FORMALITY_LETTER_EMAIL_JOB } from "@/server/services/procedures/send-formality";
import { paymentProviders } from "@/server/integrations/payments/providers";
import { deliverPaymentPaidEmail, PAYMENT_PAID_EMAIL_JOB } from "@/server/services/payments/payment-paid-email";
import { deliverPaymentShareEmail, PAYMENT_SHARE_EMAIL_JOB } from "@/server/services/payments/payment-shares";
import { RECONCILE_EVERY_MS, RECONCILE_PAYMENTS_JOB, reconcilePayments } from "@/server/services/payments/reconcile-payments";
import { DEAL_WELCOME_EMAIL_JOB, deliverWelcomeEmail } from "@/server/services/deals/welcome";
import { configuredFileStorage } from "@/server/integrations/storage/configured-storage";
import { DOCUMENT_BATCH_EMAIL_JOB, deliverDocumentBatch } from "@/server/services/deal-documents/document-batches";
import { deliverSignatureRequestEmail, SIGNATURE_REQUEST_EMAIL_JOB } from "@/server/services/deal-documents/signature-requests";
import { deliverReviewRequestEmail, REVIEW_REQUEST_EMAIL_JOB } from "@/server/services/deal-extras/reviews";
import { deliverPriceRequestEmail, PRICE_REQUEST_EMAIL_JOB } from "@/server/services/deal-extras/price-requests";
import { MEMORIAL_CONDOLENCE_EMAIL_JOB } from "@/server/services/memorial/condolences";
import { deliverCondolenceEmail } from "@/server/services/memorial/condolence-email";
import { MEMORIAL_FILES_DELETE_JOB, runFileRemoval } from "@/server/services/memorial/remove-files";

/** Every kind of job the product runs, and its handler. */

function dealId(payload: Record<string, unknown>): number {
  const id = payload.deal_id;
  if (typeof id !== "number" || !Number.isInteger(id)) throw new PermanentJobError("payload_invalid");
  return id;
}

/** The client whose own first name may greet them (set only when they asked signed in). */
function greetClientId(payload: Record<string, unknown>): number | null {
  const id = payload.greet_client_id;
  return typeof id === "number" && Number.isInteger(id) ? id : null;
}

function keyOf(job: { id: number; idempotency_key: string | null }): string {
  return job.idempotency_key ?? `job:${job.id}`;
}

export const JOB_HANDLERS: JobHandlers = {
  [FUNNEL_QUOTE_EMAIL_JOB]: async (job, ctx) => {
    await deliverFunnelQuoteEmail(ctx.db, dealId(job.payload), keyOf(job), { siteUrl: serverEnv().SITE_URL, apiUrl: publicEnv.NEXT_PUBLIC_API_URL, mailer: getMailer() }, ctx.now, greetClientId(job.payload));
  },
  [FUNNEL_REQUEST_NOTIFY_JOB]: async (job, ctx) => {
    const id = dealId(job.payload);
    await notify(ctx.db, { kind: "funnel_request", title: `Nouvelle demande de devis – dossier n° ${id}`, dealId: id, now: ctx.now });
  },
  [FLOWER_ORDER_EMAIL_JOB]: async (job, ctx) => {
    await deliverFlowerOrderEmail(ctx.db, dealId(job.payload), keyOf(job), { siteUrl: serverEnv().SITE_URL, apiUrl: publicEnv.NEXT_PUBLIC_API_URL, mailer: getMailer() }, ctx.now, greetClientId(job.payload));
  },
  [MARBLE_QUOTE_EMAIL_JOB]: async (job, ctx) => {
    await deliverMarbleQuoteEmail(ctx.db, dealId(job.payload), keyOf(job), { siteUrl: serverEnv().SITE_URL, apiUrl: publicEnv.NEXT_PUBLIC_API_URL, mailer: getMailer() }, ctx.now, greetClientId(job.payload));
  },
  [SCHEDULE_REMINDERS_JOB]: async (job, ctx) => {
    await scheduleDealReminders(ctx.db, dealId(job.payload), ctx.now);
  },
  [DEADLINE_REMINDER_JOB]: async (job, ctx) => {
    dealId(job.payload);
    await sendDealReminder(ctx.db, job.payload as ReminderPayload, keyOf(job), { mailer: getMailer(), sms: getSmsSender() });
  },
  [PASSWORD_RESET_EMAIL_JOB]: async (job, ctx) => {
    await deliverPasswordResetEmail(ctx.db, job.payload as PasswordResetJobPayload, keyOf(job), getMailer(), ctx.now);
  },
  [FAMILY_INVITATION_EMAIL_JOB]: async (job, ctx) => {
    const payload = job.payload as Partial<InvitationEmailPayload>;
    if (typeof payload.invitation_id !== "number" || !Number.isInteger(payload.invitation_id)) throw new PermanentJobError("payload_invalid");
    await deliverInvitationEmail(ctx.db, { invitation_id: payload.invitation_id, locale: String(payload.locale ?? "fr") }, keyOf(job), { mailer: getMailer(), siteUrl: serverEnv().SITE_URL }, ctx.now);
  },
  [FORMALITY_LETTER_EMAIL_JOB]: async (job, ctx) => {
    await deliverFormalityLetter(ctx.db, job.payload, keyOf(job), getMailer(), ctx.now);
  },
  [DOCUMENT_REQUEST_SMS_JOB]: async (job, ctx) => {
    const id = job.payload.document_request_id;
    if (typeof id !== "number" || !Number.isInteger(id)) throw new PermanentJobError("payload_invalid");
    try {
      await sendDocumentRequestSms(ctx.db, id, keyOf(job), { siteUrl: serverEnv().SITE_URL, sms: getSmsSender(), now: ctx.now });
    } catch (error) {
      // A gateway refusal no retry can fix (bad number, bad credentials) goes straight to dead.
      if (error instanceof SmsGatewayError && !error.retryable) throw new PermanentJobError(error.code);
      throw error;
    }
  },
  [PURGE_EXPIRED_JOB]: async (_job, ctx) => {
    await purgeExpired(ctx.db, ctx.now);
  },
  [PAYMENT_PAID_EMAIL_JOB]: async (job, ctx) => {
    const id = job.payload.payment_id;
    if (typeof id !== "number" || !Number.isInteger(id)) throw new PermanentJobError("payload_invalid");
    await deliverPaymentPaidEmail(ctx.db, id, getMailer(), serverEnv().SITE_URL);
  },
  [PAYMENT_SHARE_EMAIL_JOB]: async (job, ctx) => {
    const id = job.payload.share_id;
    if (typeof id !== "number" || !Number.isInteger(id)) throw new PermanentJobError("payload_invalid");
    await deliverPaymentShareEmail(ctx.db, id, getMailer(), serverEnv().SITE_URL, getSmsSender());
  },
  [DEAL_WELCOME_EMAIL_JOB]: async (job, ctx) => {
    await deliverWelcomeEmail(ctx.db, job.payload, keyOf(job), { mailer: getMailer(), siteUrl: serverEnv().SITE_URL, now: ctx.now });
  },
  [DOCUMENT_BATCH_EMAIL_JOB]: async (job, ctx) => {
    await deliverDocumentBatch(ctx.db, configuredFileStorage(), job.payload, keyOf(job), { mailer: getMailer(), now: ctx.now });
  },
  [SIGNATURE_REQUEST_EMAIL_JOB]: async (job, ctx) => {
    await deliverSignatureRequestEmail(ctx.db, job.payload, keyOf(job), { mailer: getMailer(), siteUrl: serverEnv().SITE_URL, now: ctx.now });
  },
  [REVIEW_REQUEST_EMAIL_JOB]: async (job, ctx) => {
    await deliverReviewRequestEmail(ctx.db, job.payload, keyOf(job), { mailer: getMailer(), siteUrl: serverEnv().SITE_URL, now: ctx.now });
  },
  [PRICE_REQUEST_EMAIL_JOB]: async (job, ctx) => {
    await deliverPriceRequestEmail(ctx.db, job.payload, keyOf(job), { mailer: getMailer(), siteUrl: serverEnv().SITE_URL, now: ctx.now });
  },
  [MEMORIAL_CONDOLENCE_EMAIL_JOB]: async (job, ctx) => {
    await deliverCondolenceEmail(ctx.db, job.payload, keyOf(job), { mailer: getMailer(), siteUrl: serverEnv().SITE_URL, now: ctx.now });
  },
  [MEMORIAL_FILES_DELETE_JOB]: async (job) => {
    await runFileRemoval(configuredFileStorage(), job.payload);
  },
  [RECONCILE_PAYMENTS_JOB]: async (_job, ctx) => {
    await reconcilePayments(ctx.db, (db) => paymentProviders(db), ctx.now);
  },
};

/** Jobs run at a fixed period: purging, and reconciling payments whose callback never came. */
export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  { kind: PURGE_EXPIRED_JOB, everyMs: 60 * 60 * 1000 },
  { kind: RECONCILE_PAYMENTS_JOB, everyMs: RECONCILE_EVERY_MS },
];
