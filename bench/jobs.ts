// npm run bench (jobs part): the funnel's deal creation at concurrency 20 on PGlite and
// PostgreSQL side by side; the job queue's durability under SIGKILL (five kills per engine);
// two worker processes draining 10,000 jobs on PostgreSQL (duplicates, throughput, p95
// enqueue → done). PostgreSQL parts run when a server can be started (scripts/with-postgres.mjs).
//   tsx bench/jobs.ts [--duration 10] [--kills 5] [--jobs 10000] [--port 3998] [--parts latency,durability,drain]
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { arg, percentile, postgresInstalled, stopProcessGroup, throwAwayDatabase } from "./bench-kit";
import { ANSWERS, runDurability, type DurabilityResult } from "./durability-kit";

const root = join(import.meta.dirname, "..");
const duration = Number(arg("duration", "10"));
const kills = Number(arg("kills", "5"));
const jobCount = Number(arg("jobs", "10000"));
const port = Number(arg("port", "3998"));
const parts = arg("parts", "latency,durability,drain").split(",");

// Re-run under a throw-away PostgreSQL when none is given, so both engines are measured in one run.
if (!process.env.DATABASE_URL && process.env.PAISIBLE_BENCH_PG !== "tried") {
  const canPostgres = postgresInstalled() || (process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0);
  if (canPostgres) {
    const child = spawnSync(process.execPath, ["scripts/with-postgres.mjs", process.execPath, "--import", "tsx", "bench/jobs.ts", ...process.argv.slice(2)], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, PAISIBLE_BENCH_PG: "tried" },
    });
    process.exit(child.status ?? 1);
  }
  console.log("PostgreSQL is not installed and cannot be installed here: PGlite only.");
}
const postgresUrl = process.env.DATABASE_URL;


function startServer(databaseUrl: string | undefined): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: join(root, "data", "bench") };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "bench/server.ts", "--port", String(port), "--worker", "inline"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("server did not start within 180 s")), 180_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"event":"listening"')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with code ${code}`)));
  });
}

interface LatencyResult {
  engine: string;
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  lost: number;
}

let serial = 0;
/** `seconds` of closed-loop load at `concurrency`; then every acknowledged deal is read back (lost writes). */
async function loadDeals(engine: string, label: string, submit: boolean, seconds: number, concurrency = 20): Promise<LatencyResult> {
  const latencies: number[] = [];
  const uuids: string[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      serial += 1;
      const body = submit
        ? { answers: ANSWERS, submit: true, client: { firstname: "Luc", lastname: "Bench", phone: "06 12 34 56 78", email: `bench.${process.pid}.${serial}@example.org`, contact_channel: "email", consent: true } }
        : { answers: { situation: "death-occurred" }, current_step: "place", locale: "fr" };
      const started = performance.now();
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/funeral_funnel/deals`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        const json = (await response.json()) as { uuid?: string };
        if (response.status === 201 && json.uuid) {
          latencies.push(performance.now() - started);
          uuids.push(json.uuid);
        } else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  let lost = 0;
  for (let i = 0; i < uuids.length; i += 20) {
    await Promise.all(
      uuids.slice(i, i + 20).map(async (uuid) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/funeral_funnel/deals/${uuid}`);
        await response.arrayBuffer();
        if (response.status !== 200) lost += 1;
      }),
    );
  }
  const sorted = latencies.sort((a, b) => a - b);
  return { engine, label, requests: sorted.length, rps: Math.round(sorted.length / elapsed), p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), errors, lost };
}

const latency: LatencyResult[] = [];
const durability: DurabilityResult[] = [];
const engines: Array<"pglite" | "postgres"> = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

if (parts.includes("latency")) {
  for (const engine of engines) {
    const database = engine === "postgres" ? await throwAwayDatabase(postgresUrl!, "paisible_bench") : null;
    console.log(`\n▶ ${engine}: deal creation at concurrency 20…`);
    const server = await startServer(database?.url);
    try {
      await loadDeals(engine, "warm-up", true, 3);
      latency.push(await loadDeals(engine, "first answer (draft deal)", false, duration));
      latency.push(await loadDeals(engine, "submitted (client + quote e-mail job)", true, duration));
    } finally {
      await stopProcessGroup(server, 30_000);
      await database?.drop().catch(() => undefined);
    }
  }
}

if (parts.includes("durability")) {
  for (const engine of engines) {
    console.log(`\n▶ ${engine}: durability, ${kills} SIGKILLs during funnel writes at concurrency 20…`);
    durability.push(await runDurability({ engine, databaseUrl: postgresUrl, kills, concurrency: 20, port, log: (line) => console.log(`  ${line}`) }));
  }
}

interface DrainResult {
  jobs: number;
  workers: number;
  runs: number;
  duplicates: number;
  seconds: number;
  jobsPerSecond: number;
  p50: number;
  p95: number;
}
let drain: DrainResult | null = null;

if (parts.includes("drain") && postgresUrl) {
  console.log(`\n▶ postgres: two worker processes drain ${jobCount} jobs…`);
  const database = await throwAwayDatabase(postgresUrl, "paisible_bench");
  const { openDatabase } = await import("@/server/db/client");
  const db = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const workers: ChildProcess[] = [];
  try {
    await client.query("CREATE TABLE bench_job_runs (job_id int NOT NULL, worker text NOT NULL)");
    for (let i = 0; i < 2; i += 1) {
      const child = spawn(process.execPath, ["--import", "tsx", "bench/bench-worker.ts", "--poll", "20"], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: database.url },
        detached: true,
        stdio: ["ignore", "pipe", "inherit"],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("worker_ready") && resolve());
        child.once("exit", (code) => reject(new Error(`worker exited with code ${code}`)));
      });
      workers.push(child);
    }
    // Enqueued in batches of 100 as a busy product would, while both workers run.
    const started = performance.now();
    for (let i = 0; i < jobCount; i += 100) {
      const values: string[] = [];
      const params: unknown[] = [];
      for (let j = i; j < Math.min(jobCount, i + 100); j += 1) {
        params.push(JSON.stringify({ n: j }));
        values.push(`('bench.record', $${params.length}::jsonb, clock_timestamp(), clock_timestamp())`);
      }
      await client.query(`INSERT INTO jobs (kind, payload, run_at, created_at) VALUES ${values.join(", ")}`, params);
    }
    for (;;) {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM jobs WHERE kind = 'bench.record' AND state <> 'done'");
      if (Number(rows[0]!.n) === 0) break;
      if (performance.now() - started > 600_000) throw new Error("the workers did not drain the queue within 10 minutes");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const { rows: runs } = await client.query<{ runs: string; distinct_jobs: string }>("SELECT count(*) AS runs, count(DISTINCT job_id) AS distinct_jobs FROM bench_job_runs");
    const { rows: lat } = await client.query<{ ms: number }>(
      "SELECT extract(epoch FROM (finished_at - created_at)) * 1000 AS ms FROM jobs WHERE kind = 'bench.record' ORDER BY 1",
    );
    const sorted = lat.map((r) => Number(r.ms));
    drain = {
      jobs: jobCount,
      workers: 2,
      runs: Number(runs[0]!.runs),
      duplicates: Number(runs[0]!.runs) - Number(runs[0]!.distinct_jobs),
      seconds: Math.round(seconds * 10) / 10,
      jobsPerSecond: Math.round(jobCount / seconds),
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
    };
  } finally {
    for (const worker of workers) await stopProcessGroup(worker, 10_000);
    await client.end();
    await db.close();
    await database.drop().catch(() => undefined);
  }
}

console.log(`\nLoad average at the end (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(", ")}`);
let ok = true;
if (latency.length > 0) {
  console.log(`\nDeal creation, POST /api/v1/funeral_funnel/deals, concurrency 20, ${duration} s per line (in-process job worker on):`);
  console.log(`${"engine".padEnd(9)} ${"save".padEnd(40)} ${"req/s".padStart(6)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(6)} ${"lost".padStart(5)}`);
  for (const r of latency) {
    console.log(`${r.engine.padEnd(9)} ${r.label.padEnd(40)} ${String(r.rps).padStart(6)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(6)} ${String(r.lost).padStart(5)}`);
    if (r.errors > 0 || r.lost > 0) ok = false;
  }
  console.log("Goal (issue 10 §6): p95 ≤ 50 ms on both engines, zero errors, zero lost writes.");
}
if (durability.length > 0) {
  console.log(`\nDurability: funnel deals at concurrency 20, server killed with SIGKILL ${kills} times, then restarted:`);
  console.log(`${"engine".padEnd(9)} ${"acknowledged".padStart(12)} ${"mails".padStart(6)} ${"lost".padStart(5)} ${"dupes".padStart(6)} ${"catch-up ms".padStart(11)} ${"write p50".padStart(9)} ${"write p95".padStart(9)}`);
  for (const r of durability) {
    console.log(`${r.engine.padEnd(9)} ${String(r.acknowledged).padStart(12)} ${String(r.mails).padStart(6)} ${String(r.lost).padStart(5)} ${String(r.duplicated).padStart(6)} ${String(r.catchUpMs).padStart(11)} ${String(r.writeP50).padStart(9)} ${String(r.writeP95).padStart(9)}`);
    if (r.lost > 0 || r.duplicated > 0) ok = false;
  }
}
if (drain) {
  console.log(`\nQueue drain on PostgreSQL: ${drain.jobs} jobs, ${drain.workers} worker processes (4 lanes × batches of 20, 20 ms poll):`);
  console.log(`  runs ${drain.runs}, duplicates ${drain.duplicates}, ${drain.seconds} s, ${drain.jobsPerSecond} jobs/s, enqueue → done p50 ${drain.p50} ms, p95 ${drain.p95} ms`);
  if (drain.duplicates > 0 || drain.runs !== drain.jobs) ok = false;
}
if (!ok) {
  console.error("\n✘ errors, lost writes, lost or duplicated e-mails, or duplicate job runs");
  process.exit(1);
}
