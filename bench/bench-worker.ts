// One job worker process for the queue benchmark: the product's handlers plus
// "bench.record", which writes one row per run so duplicates can be counted.
//   DATABASE_URL=… tsx bench/bench-worker.ts --poll 20
import { sql } from "drizzle-orm";
import { serverEnv } from "@/config/env";
import { openDatabase } from "@/server/db/client";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { startWorker } from "@/server/jobs/worker";
import { arg } from "./bench-kit";

const env = serverEnv();
if (!env.DATABASE_URL) throw new Error("bench-worker needs DATABASE_URL (several worker processes share one PostgreSQL)");
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 8, migrate: false });
const worker = startWorker({
  db: database.db,
  handlers: {
    ...JOB_HANDLERS,
    "bench.record": async (job, ctx) => {
      await ctx.db.execute(sql`INSERT INTO bench_job_runs (job_id, worker) VALUES (${job.id}, ${ctx.workerId})`);
    },
  },
  pollMs: Number(arg("poll", "20")),
  concurrency: Number(arg("concurrency", "4")),
  batch: Number(arg("batch", "20")),
});
console.log(JSON.stringify({ event: "worker_ready", id: worker.id }));
const stop = () => void worker.stop().then(() => database.close()).finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
