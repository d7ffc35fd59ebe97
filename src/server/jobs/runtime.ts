import { serverEnv } from "@/config/env";
import { getDatabase } from "@/server/db/client";
import { JOB_HANDLERS, PERIODIC_JOBS } from "@/server/jobs/handlers";
import { startWorker, type Worker } from "@/server/jobs/worker";

type GlobalWithWorker = typeof globalThis & { __paisibleWorker?: Promise<Worker> };

/**
 * The worker of the app process (one `npm start` runs everything): started once per
 * process, kept on globalThis so a development reload does not start a second one.
 */
export function startAppWorker(options: { force?: boolean } = {}): Promise<Worker> | null {
  const env = serverEnv();
  if (env.JOBS_WORKER === "off" && !options.force) return null;
  const holder = globalThis as GlobalWithWorker;
  holder.__paisibleWorker ??= getDatabase().then((database) => {
    const embedded = database.driver === "pglite";
    return startWorker({
      db: database.db,
      handlers: JOB_HANDLERS,
      periodic: PERIODIC_JOBS,
      // PGlite runs one statement at a time: one lane leaves the single connection to the requests in between.
      concurrency: embedded ? 1 : env.JOBS_CONCURRENCY,
      batch: embedded ? 4 : 10,
      lockMs: env.JOBS_LOCK_SECONDS * 1000,
      // PGlite has a single process: what it left running died with the previous one.
      recoverOnStart: embedded,
    });
  });
  return holder.__paisibleWorker;
}

export async function stopAppWorker(): Promise<void> {
  const holder = globalThis as GlobalWithWorker;
  const worker = holder.__paisibleWorker;
  holder.__paisibleWorker = undefined;
  await (await worker)?.stop();
}
