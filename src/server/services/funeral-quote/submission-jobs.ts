import type { EnqueueInput } from "@/server/jobs/queue";

/** Job kinds the funnel's submission enqueues (handled in src/server/jobs/handlers.ts). */
export const FUNNEL_QUOTE_EMAIL_JOB = "funnel.quote_email";
export const SCHEDULE_REMINDERS_JOB = "reminders.schedule";
/** Tells the funeral team (or the deal's advisor) a family sent its request: a call to make. */
export const FUNNEL_REQUEST_NOTIFY_JOB = "funnel.request_notify";
export const SUBMISSION_JOB_KINDS = [FUNNEL_QUOTE_EMAIL_JOB, SCHEDULE_REMINDERS_JOB, FUNNEL_REQUEST_NOTIFY_JOB];

/**
 * The payload of a submission's jobs (besides deal_id). greet_client_id: the signed-in
 * client who asked, whose own name may open the e-mail.
 */
export function submissionPayload(submittedAt: string, greetClientId: number | null) {
  return { submitted_at: submittedAt, greet_client_id: greetClientId };
}

/** The jobs of one submission, keyed by deal and submission instant: a repeat of the same save enqueues nothing more. */
export function submissionJobs(dealId: number, uuid: string, submittedAt: string, greetClientId: number | null): EnqueueInput[] {
  return SUBMISSION_JOB_KINDS.map((kind) => ({
    kind,
    payload: { deal_id: dealId, ...submissionPayload(submittedAt, greetClientId) },
    idempotencyKey: `${kind}:${uuid}:${submittedAt}`,
  }));
}
