// npm run worker: a job worker in its own process (scale out: start several; each claims
// with FOR UPDATE SKIP LOCKED, so no job runs twice). Uses DATABASE_URL, or the embedded
// database under DATA_DIR (then stop the app first: PGlite has one process at a time).
//   tsx scripts/worker.ts
import { startAppWorker, stopAppWorker } from "@/server/jobs/runtime";
import { getDatabase } from "@/server/db/client";

const worker = await startAppWorker({ force: true })!;
console.log(JSON.stringify({ event: "worker_started", id: worker.id }));
const stop = () => {
  void stopAppWorker()
    .then(async () => (await getDatabase()).close())
    .finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
