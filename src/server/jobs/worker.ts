import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Db } from "@/server/db/client";
import { claimJobs, completeJob, enqueue, failJob, onEnqueued, releaseRunningJobs, type JobRow } from "@/server/jobs/queue";

/**
 * Runs the queue's jobs: claims a batch, runs each with its kind's handler, marks it done,
 * or failed (retried with back-off, dead after its last attempt). One runs inside the app
 * process by default; `npm run worker` starts more, in their own processes.
 */

export interface JobContext {
  db: Db;
  now: Date;
  workerId: string;
}

export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A failure that no retry can fix (the deal is gone, the payload is malformed): straight to dead. */
export class PermanentJobError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = "PermanentJobError";
  }
}

/** A job run at a fixed period: one per time slot, whichever worker gets there first. */
export interface PeriodicJob {
  kind: string;
  everyMs: number;
}

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

/** An error code to store: never the message, which may carry personal data. */
function errorCode(error: unknown): string {
  if (error instanceof PermanentJobError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[\w.-]{1,60}$/.test(code)) return code;
  return error instanceof Error ? error.name : "error";
}

/** Runs one claimed job to its next state. */
async function runJob(db: Db, job: JobRow, handlers: JobHandlers, workerId: string, now: () => Date): Promise<"done" | "queued" | "dead" | "lost"> {
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new PermanentJobError("unknown_kind");
    await handler(job, { db, now: now(), workerId });
  } catch (error) {
    const code = errorCode(error);
    console.error(`[jobs] ${job.kind} #${job.id} attempt ${job.attempts} failed: ${code}`);
    return failJob(db, job, workerId, code, now(), { permanent: error instanceof PermanentJobError });
  }
  return (await completeJob(db, job, workerId, now())) ? "done" : "lost";
}

export interface RunOptions {
  handlers: JobHandlers;
  workerId?: string;
  /** Jobs claimed at once. */
  batch?: number;
  /** How long a claimed job is this worker's before another may take it over. */
  lockMs?: number;
  now?: () => Date;
  kinds?: readonly string[];
}

/** Claims and runs one batch of due jobs; the number it ran. */
export async function runDueJobs(db: Db, options: RunOptions): Promise<number> {
  const now = options.now ?? (() => new Date());
  const workerId = options.workerId ?? newWorkerId();
  const jobs = await claimJobs(db, { workerId, limit: options.batch ?? 10, now: now(), kinds: options.kinds, lockMs: options.lockMs });
  await Promise.all(jobs.map((job) => runJob(db, job, options.handlers, workerId, now)));
  return jobs.length;
}

/** Runs due jobs until none is left (tests, scripts); the number it ran. */
export async function drainJobs(db: Db, options: RunOptions & { max?: number }): Promise<number> {
  let total = 0;
  for (;;) {
    const ran = await runDueJobs(db, options);
    total += ran;
    if (ran === 0 || total >= (options.max ?? 10_000)) return total;
  }
}

/** Makes sure the current slot of each periodic job exists (the unique key keeps it to one). */
export async function schedulePeriodic(db: Db, periodic: readonly PeriodicJob[], now: Date): Promise<void> {
  await enqueue(
    db,
    periodic.map((job) => {
      const slot = new Date(Math.floor(now.getTime() / job.everyMs) * job.everyMs);
      return { kind: job.kind, runAt: slot, idempotencyKey: `${job.kind}@${slot.toISOString()}`, maxAttempts: 3 };
    }),
    now,
  );
}

export interface WorkerOptions extends RunOptions {
  db: Db | (() => Promise<Db>);
  /** Wait between polls when the queue is empty. */
  pollMs?: number;
  periodic?: readonly PeriodicJob[];
  /** Batches run side by side. */
  concurrency?: number;
  /**
   * Hands every running job back to the queue on start: right when this worker is the
   * database's only user (embedded PGlite), whose jobs left running died with the last process.
   */
  recoverOnStart?: boolean | (() => Promise<boolean>);
}

export interface Worker {
  readonly id: string;
  /** Stops claiming, waits for the jobs in hand. */
  stop(): Promise<void>;
}

export function startWorker(options: WorkerOptions): Worker {
  const workerId = options.workerId ?? newWorkerId();
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 500;
  let stopped = false;
  let wake: (() => void) | null = null;
  let lastPeriodic = 0;
  const unsubscribe = onEnqueued(() => wake?.());

  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const ready = (async () => {
    const db = typeof options.db === "function" ? await options.db() : options.db;
    const recover = typeof options.recoverOnStart === "function" ? await options.recoverOnStart() : options.recoverOnStart === true;
    if (recover) await releaseRunningJobs(db);
    return db;
  })();

  async function loop(lane: number): Promise<void> {
    let db: Db;
    try {
      db = await ready;
    } catch (error) {
      console.error("[jobs] worker could not start:", errorCode(error));
      return;
    }
    while (!stopped) {
      let ran = 0;
      try {
        if (lane === 0 && options.periodic?.length && Date.now() - lastPeriodic > 60_000) {
          lastPeriodic = Date.now();
          await schedulePeriodic(db, options.periodic, now());
        }
        ran = await runDueJobs(db, { ...options, workerId, now });
      } catch (error) {
        // The database may be restarting: wait and try again rather than end the worker.
        console.error("[jobs] worker poll failed:", errorCode(error));
      }
      if (ran === 0 && !stopped) await sleep();
    }
  }

  const lanes = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, (_, lane) => loop(lane));
  return {
    id: workerId,
    async stop() {
      stopped = true;
      unsubscribe();
      wake?.();
      await Promise.allSettled(lanes);
    },
  };
}
