import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import type { JobState } from "@/server/db/schema/jobs";

/**
 * The durable queue's one interface (DESIGN "Integrations"): enqueue inside the caller's
 * transaction (transactional outbox), claim with `FOR UPDATE SKIP LOCKED`, finish, retry
 * with exponential back-off, and keep what failed too often in a dead-letter state.
 *
 * A table of our own rather than pg-boss or graphile-worker: both need a node-postgres
 * connection of their own (graphile-worker a Pool with LISTEN/NOTIFY, pg-boss 12 also
 * Node ≥ 22.12), and neither runs on embedded PGlite, the default engine; a job written by
 * another connection could not be part of the deal's transaction either.
 */

export interface EnqueueInput {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this instant; now when omitted. */
  runAt?: Date;
  /** Enqueueing the same key again keeps the existing job. */
  idempotencyKey?: string;
  maxAttempts?: number;
}

export interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  state: JobState;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  idempotency_key: string | null;
  last_error: string | null;
  created_at: Date;
}

export const DEFAULT_MAX_ATTEMPTS = 8;
/** First retry after this; doubled on each attempt, up to the cap. */
export const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_CAP_MS = 60 * 60 * 1000;
/** A claimed job whose worker has not finished it in this time is taken as abandoned (handlers are short sends). */
export const DEFAULT_LOCK_MS = 30 * 1000;

/** The INSERT of one job, for use in a caller's own statement or transaction. */
export function enqueueStatement(job: EnqueueInput, now: Date = new Date()): SQL {
  return sql`INSERT INTO jobs (kind, payload, run_at, idempotency_key, max_attempts)
    VALUES (${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${(job.runAt ?? now).toISOString()}::timestamptz,
            ${job.idempotencyKey ?? null}, ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS})
    ON CONFLICT (idempotency_key) DO NOTHING`;
}

/**
 * Writes jobs with `db`, which should be the transaction of the change that causes them:
 * committed together, or not at all. Call notifyEnqueued() once it has committed.
 */
export async function enqueue(db: Db, jobs: EnqueueInput | EnqueueInput[], now: Date = new Date()): Promise<void> {
  for (const job of Array.isArray(jobs) ? jobs : [jobs]) await db.execute(enqueueStatement(job, now));
}

/** Delay before attempt `attempts + 1`: exponential, capped, with ±20 % jitter so retries do not bunch up. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

function toRow(raw: Record<string, unknown>): JobRow {
  return {
    id: Number(raw.id),
    kind: String(raw.kind),
    payload: (typeof raw.payload === "string" ? JSON.parse(raw.payload) : raw.payload) as Record<string, unknown>,
    state: raw.state as JobState,
    run_at: new Date(raw.run_at as string),
    attempts: Number(raw.attempts),
    max_attempts: Number(raw.max_attempts),
    idempotency_key: (raw.idempotency_key as string | null) ?? null,
    last_error: (raw.last_error as string | null) ?? null,
    created_at: new Date(raw.created_at as string),
  };
}

/**
 * Takes up to `limit` due jobs for `workerId`: queued ones whose time has come, and
 * running ones whose worker's lock expired (it died). SKIP LOCKED lets concurrent
 * workers pass over rows another is claiming instead of waiting or taking them too.
 */
export async function claimJobs(db: Db, input: { workerId: string; limit: number; now?: Date; lockMs?: number; kinds?: readonly string[] }): Promise<JobRow[]> {
  const now = input.now ?? new Date();
  const until = new Date(now.getTime() + (input.lockMs ?? DEFAULT_LOCK_MS));
  const kinds = input.kinds && input.kinds.length > 0 ? sql`AND kind IN (${sql.join(input.kinds.map((k) => sql`${k}`), sql`, `)})` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = ${input.workerId},
          locked_until = ${until.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM jobs
          WHERE ((state = 'queued' AND run_at <= ${now.toISOString()}::timestamptz)
              OR (state = 'running' AND locked_until < ${now.toISOString()}::timestamptz)) ${kinds}
          ORDER BY run_at, id
          LIMIT ${input.limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, state, run_at, attempts, max_attempts, idempotency_key, last_error, created_at`,
  );
  return rows.map(toRow).sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || a.id - b.id);
}

/** Marks a claimed job done; false when the worker had lost it (its lock expired and another took it). */
export async function completeJob(db: Db, job: Pick<JobRow, "id">, workerId: string, now: Date = new Date()): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE jobs SET state = 'done', locked_by = NULL, locked_until = NULL, last_error = NULL,
          finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${job.id} AND state = 'running' AND locked_by = ${workerId} RETURNING id`,
  );
  return rows.length === 1;
}

/** A failed attempt: queued again after the back-off, or dead once its attempts are spent. */
export async function failJob(
  db: Db,
  job: Pick<JobRow, "id" | "attempts" | "max_attempts">,
  workerId: string,
  errorCode: string,
  now: Date = new Date(),
  options: { permanent?: boolean } = {},
): Promise<"queued" | "dead"> {
  const dead = options.permanent === true || job.attempts >= job.max_attempts;
  const runAt = new Date(now.getTime() + backoffMs(job.attempts));
  await db.execute(
    sql`UPDATE jobs SET state = ${dead ? "dead" : "queued"}, last_error = ${errorCode.slice(0, 200)}, locked_by = NULL, locked_until = NULL,
          run_at = CASE WHEN ${dead} THEN run_at ELSE ${runAt.toISOString()}::timestamptz END,
          finished_at = CASE WHEN ${dead} THEN ${now.toISOString()}::timestamptz ELSE NULL END,
          updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${job.id} AND state = 'running' AND locked_by = ${workerId}`,
  );
  return dead ? "dead" : "queued";
}

/** Every running job back to queued, attempts unchanged (the only worker of the database starts). */
export async function releaseRunningJobs(db: Db): Promise<void> {
  await db.execute(sql`UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0), locked_by = NULL, locked_until = NULL WHERE state = 'running'`);
}

/** Dead jobs, newest first, for the admins' page. */
export async function listDeadJobs(db: Db, limit = 100): Promise<JobRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT id, kind, payload, state, run_at, attempts, max_attempts, idempotency_key, last_error, created_at, finished_at
        FROM jobs WHERE state = 'dead' ORDER BY finished_at DESC NULLS LAST, id DESC LIMIT ${limit}`,
  );
  return rows.map(toRow);
}

/** A dead job runs again now, with a fresh set of attempts; false when it is not dead. */
export async function retryDeadJob(db: Db, id: number, now: Date = new Date()): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE jobs SET state = 'queued', attempts = 0, run_at = ${now.toISOString()}::timestamptz, finished_at = NULL,
          updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${id} AND state = 'dead' RETURNING id`,
  );
  if (rows.length === 1) notifyEnqueued();
  return rows.length === 1;
}

/** A dead job is given up for good (kept, as discarded, for the record). */
export async function discardDeadJob(db: Db, id: number, now: Date = new Date()): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE jobs SET state = 'discarded', updated_at = ${now.toISOString()}::timestamptz WHERE id = ${id} AND state = 'dead' RETURNING id`,
  );
  return rows.length === 1;
}

/** How many jobs are in each state (the admin page, the benchmark). */
export async function countJobs(db: Db): Promise<Record<JobState, number>> {
  const rows = await queryRows<{ state: JobState; n: number | string }>(db, sql`SELECT state, count(*) AS n FROM jobs GROUP BY state`);
  const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, dead: 0, discarded: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/*
 * In-process wake-up: a worker in this process polls at once after a commit instead of
 * waiting for its next tick. On globalThis because Next.js may load this module once for
 * instrumentation (the worker) and again for the route handlers (the enqueuers).
 */
const holder = globalThis as typeof globalThis & { __paisibleJobListeners?: Set<() => void> };
const listeners = (holder.__paisibleJobListeners ??= new Set<() => void>());

export function onEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the transaction that enqueued jobs has committed. */
export function notifyEnqueued(): void {
  for (const listener of listeners) listener();
}
