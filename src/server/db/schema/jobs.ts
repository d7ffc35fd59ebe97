import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "@/server/db/schema/columns";

/**
 * The durable job queue (src/server/jobs): work done outside the request, written in the
 * same transaction as the change that causes it. A job is claimed with
 * `FOR UPDATE SKIP LOCKED`, so several workers never run the same row at once.
 */
export const JOB_STATES = ["queued", "running", "done", "dead", "discarded"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text().notNull(),
    payload: jsonb().notNull().default({}),
    state: text().$type<JobState>().notNull().default("queued"),
    /** Not before this instant (scheduled jobs, and the back-off of a retry). */
    runAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    /** One job per key: enqueueing the same key twice keeps the first (a periodic slot, a reminder). */
    idempotencyKey: text(),
    /** An error code (never a message holding personal data). */
    lastError: text(),
    lockedBy: text(),
    /** A running job whose lock expired belongs to a worker that died: it is claimed again. */
    lockedUntil: timestamp({ withTimezone: true, mode: "date" }),
    finishedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("jobs_idempotency_key_idx").on(t.idempotencyKey),
    index("jobs_due_idx").on(t.runAt, t.id).where(sql`${t.state} = 'queued'`),
    index("jobs_running_idx").on(t.lockedUntil).where(sql`${t.state} = 'running'`),
    index("jobs_state_idx").on(t.state, t.updatedAt),
    check("jobs_state_check", sql`${t.state} IN ('queued', 'running', 'done', 'dead', 'discarded')`),
  ],
);

/**
 * What the mailer and the SMS sender delivered, by idempotency key: a job that runs again
 * after a crash finds its message here and does not send it twice.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: id(),
    channel: text().$type<"email" | "sms">().notNull(),
    idempotencyKey: text().notNull(),
    transport: text().notNull(),
    /** The transport's message id. */
    externalId: text().notNull(),
    tag: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex("deliveries_channel_key_idx").on(t.channel, t.idempotencyKey)],
);
