import { getDb } from "@/server/db/client";
import { listDeadJobs } from "@/server/jobs/queue";

export interface FailedJob {
  id: number;
  kind: string;
  attempts: number;
  lastError: string | null;
  /** ISO instant the job was created. */
  createdAt: string;
}

/** The queue's dead letters, for the admins' page (read on the server, like the API's list). */
export async function loadFailedJobs(): Promise<FailedJob[]> {
  const jobs = await listDeadJobs(await getDb());
  return jobs.map((job) => ({ id: job.id, kind: job.kind, attempts: job.attempts, lastError: job.last_error, createdAt: job.created_at.toISOString() }));
}
