// The funeral quote's speed: the pure engine in this process, then the funnel's
// POST /api/v1/funeral_funnel/deals against the API on a freshly seeded database, with
// autocannon at concurrency 20. Every accepted deal is then read back by its uuid.
//   tsx bench/quote.ts [--engines pglite,postgres] [--duration 10] [--connections 20] [--port 3998] [--iterations 20000]
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { arg, percentile, postgresInstalled, stopProcessGroup } from "./bench-kit";
import type { QuoteAnswers } from "@/domain/quote/answers";
import { DEMO_CATALOG, DEMO_OPERATOR, DEMO_PARTNERS } from "@/domain/quote/demo-catalog";
import { computeQuote } from "@/domain/quote/pricing";

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, "..");

const duration = Number(arg("duration", "10"));
const connections = Number(arg("connections", "20"));
const port = Number(arg("port", "3998"));
const iterations = Number(arg("iterations", "20000"));
const engines = arg("engines", "pglite,postgres").split(",");
const P95_GOAL_MS = 50;

/** Answer sets as families give them: cremations, burials, repatriations, with and without options. */
const SCENARIOS: QuoteAnswers[] = [
  { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123", deathDate: "2026-03-02", disposition: "cremation", ceremony: { type: "civil", place: "crematorium" }, finalRestingPlace: "scattering", scatteringPlace: "memorial-garden", coffinRange: "essential" },
  { situation: "death-occurred", placeOfDeath: "home", deathCommuneInsee: "69123", deathDate: "2026-03-02", deathTime: "08:30", disposition: "burial", ceremony: { type: "religious", worship: "catholic", place: "place-of-worship" }, finalRestingPlace: "new-concession", concessionKind: "ground", concessionTermYears: 30, coffinRange: "tradition", embalming: true, parlorStayDays: 3, flowers: "wreath", pressNotice: true },
  { situation: "death-occurred", placeOfDeath: "public-place", deathCommuneInsee: "69123", deathDate: "2026-03-02", disposition: "burial", repatriation: { destinationCountry: "MA" }, ceremony: { type: "religious", worship: "muslim", place: "funeral-parlor" }, coffinRange: "essential" },
  { situation: "planning-ahead", deathCommuneInsee: "69123", disposition: "cremation", ceremony: { type: "none" }, coffinRange: "prestige", onlineNotice: true, memorialPage: true },
  { situation: "death-occurred", placeOfDeath: "abroad", deathCountry: "DZ", deathCommuneInsee: "69123", deathDate: "2026-03-02", arrivalInFranceDate: "2026-03-05", disposition: "burial", finalRestingPlace: "family-grave", coffinRange: "essential" },
];

function engineBench() {
  // Warm-up so the JIT has compiled the engine.
  for (let i = 0; i < 2_000; i++) computeQuote(SCENARIOS[i % SCENARIOS.length]!, DEMO_CATALOG, DEMO_PARTNERS, { operator: DEMO_OPERATOR, today: "2026-03-04" });
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const begin = performance.now();
    computeQuote(SCENARIOS[i % SCENARIOS.length]!, DEMO_CATALOG, DEMO_PARTNERS, { operator: DEMO_OPERATOR, today: "2026-03-04" });
    times.push(performance.now() - begin);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { perSecond: iterations / (total / 1000), meanUs: (total / iterations) * 1000, p95Us: percentile(times, 95) * 1000, p99Us: percentile(times, 99) * 1000 };
}

interface AutocannonResult {
  requests: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>, callback: (error: Error | null, result: AutocannonResult) => void) => {
  on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
};
const autocannon = require("autocannon") as Autocannon;

function startServer(engine: string, dataDir: string): Promise<ChildProcess> {
  // The API alone on node:http over a fresh seeded database; e-mails go to a temporary outbox.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}` };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const serverArgs = ["--import", "tsx", "bench/server.ts", "--port", String(port)];
  // PostgreSQL: scripts/with-postgres.mjs starts a throw-away server and hands over DATABASE_URL.
  const args = engine === "postgres" ? ["scripts/with-postgres.mjs", process.execPath, ...serverArgs] : serverArgs;
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"], env, detached: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the API did not start within 180 s")), 180_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes('"event":"listening"')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with code ${code}`));
    });
  });
}

/** The funnel's POST: the family's first answer, with the marketing attributes of their visit. */
function firstSave(n: number): string {
  return JSON.stringify({
    answers: { situation: n % 4 === 0 ? "planning-ahead" : "death-occurred" },
    current_step: "place",
    locale: "fr",
    tracking: { tracking_type: "gclid", tracking_id: `g-${n}`, utm_source: "bench", consent: true },
  });
}

/** A whole submission in one POST: every answer, a new client, the marketing attributes, the e-mail. */
function fullSubmission(n: number): string {
  return JSON.stringify({
    answers: SCENARIOS[n % SCENARIOS.length],
    current_step: "contact",
    locale: "fr",
    client: { civility: "Mme", firstname: "Claire", lastname: `Banc${n}`, phone: "06 12 34 56 78", email: `bench.${process.pid}.${n}@example.org`, contact_channel: "email", consent: true },
    defunct: { firstname: "Jean", lastname: `Banc${n}` },
    tracking: { tracking_type: "gclid", tracking_id: `g-${n}`, utm_source: "bench", consent: true },
    submit: true,
  });
}

function load(seconds: number, collect: boolean, body: (n: number) => string) {
  let next = 0;
  const latencies: number[] = [];
  const accepted: string[] = [];
  return new Promise<{ result: AutocannonResult; latencies: number[]; accepted: string[] }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [
          {
            method: "POST",
            path: "/api/v1/funeral_funnel/deals",
            headers: { "content-type": "application/json" },
            setupRequest: (request: Record<string, unknown>) => {
              request.body = body(next++ + (collect ? 0 : 1_000_000));
              return request;
            },
            onResponse: (status: number, responseBody: string) => {
              if (collect && status === 201) {
                const created = JSON.parse(responseBody) as { uuid: string; resume_token: string };
                // The uuid alone opens nothing: keep the deal's resume token to read it back.
                accepted.push(`${created.uuid} ${created.resume_token}`);
              }
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, latencies: latencies.sort((a, b) => a - b), accepted })),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

async function verifyStored(uuids: string[]): Promise<number> {
  let missing = 0;
  for (let i = 0; i < uuids.length; i += 20) {
    const answers = await Promise.all(
      uuids.slice(i, i + 20).map((entry) => {
        const [uuid, token] = entry.split(" ");
        return fetch(`http://127.0.0.1:${port}/api/v1/funeral_funnel/deals/${uuid}`, { headers: { "x-resume-token": token ?? "" } }).then((r) => r.status);
      }),
    );
    missing += answers.filter((status) => status !== 200).length;
  }
  return missing;
}

const engine = engineBench();
console.log(`Quote engine (${iterations} quotes, 5 scenarios): ${engine.perSecond.toFixed(0)} quotes/s, mean ${engine.meanUs.toFixed(1)} µs, p95 ${engine.p95Us.toFixed(1)} µs, p99 ${engine.p99Us.toFixed(1)} µs`);

async function run(label: string, body: (n: number) => string) {
  await load(3, false, body);
  const { result, latencies, accepted } = await load(duration, true, body);
  const failures = result.non2xx + result.errors + result.timeouts;
  const missing = await verifyStored(accepted);
  const p95 = percentile(latencies, 95);
  console.log(`\nPOST /api/v1/funeral_funnel/deals – ${label}, concurrency ${connections}, ${duration} s`);
  console.log(`  ${(result.requests.total / duration).toFixed(0)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`);
  console.log(`  ${accepted.length} deals accepted, ${failures} errors, ${missing} accepted deals not found afterwards`);
  return { p95, failures, missing };
}

let ok = true;
const goals: string[] = [];
for (const engine of engines) {
  if (engine === "postgres" && !postgresInstalled()) {
    console.log("\nPostgreSQL is not installed here: skipping it.");
    continue;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "paisible-bench-quote-"));
  console.log(`\n▶ ${engine}: starting the API on 127.0.0.1:${port} (seeding a fresh database)…`);
  const server = await startServer(engine, dataDir);
  try {
    const first = await run(`${engine}, the funnel's first save (first answer + marketing attributes)`, firstSave);
    const full = await run(`${engine}, a whole submission (every answer, new client, steps, tracking, quote e-mail to the outbox)`, fullSubmission);
    const met = first.p95 < P95_GOAL_MS && first.failures === 0 && first.missing === 0;
    goals.push(`  ${engine}: the funnel's POST p95 ${first.p95.toFixed(1)} ms → ${met ? "met" : "NOT met"}; a whole submission p95 ${full.p95.toFixed(1)} ms`);
    ok &&= met && full.failures === 0 && full.missing === 0;
  } finally {
    await stopProcessGroup(server, 20_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nGoal: p95 under ${P95_GOAL_MS} ms at concurrency ${connections}, no errors, every accepted deal stored.`);
for (const line of goals) console.log(line);
process.exit(ok ? 0 : 1);
