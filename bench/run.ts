// npm run bench: the API's speed, measured side by side with autocannon at concurrency 50:
// a bare endpoint (GET /api/v1/health) and the communes autocomplete over all ~35,000
// communes with varied queries, on PGlite and on PostgreSQL (when it can be started).
//   tsx bench/run.ts [--engines pglite,postgres] [--duration 10] [--connections 50]
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { join } from "node:path";
import { arg, percentile, postgresInstalled, stopProcessGroup } from "./bench-kit";

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, "..");

interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonInstance {
  on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
}
type Autocannon = ((options: Record<string, unknown>, callback: (error: Error | null, result: AutocannonResult) => void) => AutocannonInstance) & {
  track?: unknown;
};
const autocannon = require("autocannon") as Autocannon;

const duration = Number(arg("duration", "10"));
const connections = Number(arg("connections", "50"));
const port = Number(arg("port", "3999"));
const engines = arg("engines", "pglite,postgres").split(",");

/** What people type in a commune picker: growing prefixes of real names, postal codes, typos, abbreviations. */
function communeQueries(): string[] {
  const communes = JSON.parse(readFileSync(require.resolve("@etalab/decoupage-administratif/data/communes.json"), "utf8")) as Array<{
    nom: string;
    type: string;
    population?: number;
    codesPostaux?: string[];
  }>;
  const top = communes
    .filter((c) => c.type === "commune-actuelle")
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0))
    .slice(0, 300);
  const queries = new Set<string>();
  top.forEach((c, index) => {
    const name = c.nom.toLowerCase();
    for (const length of [2, 3, 4, 6]) if (name.length > length) queries.add(name.slice(0, length));
    queries.add(index % 2 === 0 ? c.nom : name.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
    if (c.codesPostaux?.[0] && index % 3 === 0) queries.add(c.codesPostaux[0]);
    if (index % 7 === 0 && name.length > 5) queries.add(name.slice(0, 3) + name.slice(4)); // a missing letter
  });
  for (const q of ["st etienne", "ste maxime", "st denis", "evry", "marseile", "bordeau", "2a004", "690"]) queries.add(q);
  // Shuffled once with a fixed seed so every run asks the same questions in the same order.
  const list = [...queries];
  let seed = 42;
  for (let i = list.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

interface Measure {
  engine: string;
  label: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  failures: number;
}

/** `seconds` of load, or with `amount`, exactly that many requests (one pass over the questions). */
function measure(engine: string, label: string, paths: string[], seconds: number, amount?: number): Promise<Measure> {
  let next = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        ...(amount ? { amount } : { duration: seconds }),
        requests: [
          {
            method: "GET",
            setupRequest: (request: Record<string, unknown>) => {
              request.path = paths[next++ % paths.length];
              return request;
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          engine,
          label,
          rps: result.requests.total / seconds,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          requests: result.requests.total,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function startServer(engine: string, cache: boolean): Promise<{ child: ChildProcess; info: { seedMs: number } }> {
  // node itself (not npx) runs the server, so stopping it reaches the server process.
  const serverArgs = [process.execPath, "--import", "tsx", "bench/server.ts", "--port", String(port), "--cache", cache ? "on" : "off"];
  const [command, args] =
    engine === "postgres" ? [process.execPath, ["scripts/with-postgres.mjs", ...serverArgs]] : [serverArgs[0]!, serverArgs.slice(1)];
  // PGlite unless with-postgres.mjs hands the server its own fresh PostgreSQL.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"], env, detached: true });
  return new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`${engine} server did not start within 180 s`)), 180_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split("\n")) {
        if (!line.startsWith("{")) continue;
        try {
          const info = JSON.parse(line) as { event?: string; seedMs: number };
          if (info.event === "listening") {
            clearTimeout(timer);
            resolve({ child, info });
          }
        } catch {
          // Not our line.
        }
      }
      buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${engine} server exited with code ${code}`));
    });
  });
}

/** Installed, or installable by scripts/with-postgres.mjs (root with apt-get). */
function postgresAvailable(): boolean {
  return postgresInstalled() || (process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0);
}

const queries = communeQueries();
const autocompletePaths = queries.map((q) => `/api/v1/autocompletes/cityhalls?q=${encodeURIComponent(q)}`);
const results: Measure[] = [];
const seedTimes: Record<string, number> = {};

for (const engine of engines) {
  if (engine === "postgres" && !postgresAvailable()) {
    console.log("PostgreSQL is not installed and cannot be installed here: skipping it (apt-get install postgresql).");
    continue;
  }
  console.log(`\n▶ ${engine}: starting the API on 127.0.0.1:${port} (seeding a fresh database)…`);
  let server = await startServer(engine, true);
  seedTimes[engine] = server.info.seedMs;
  try {
    // Warm-up: JIT and connection pool, then every question asked once, so the next line
    // measures repeated questions (the cache's case) and the last line first asks.
    await measure(engine, "warm-up", ["/api/v1/health"], 3);
    results.push(await measure(engine, "GET /api/v1/health (bare)", ["/api/v1/health"], duration));
    await measure(engine, "warm-up", autocompletePaths, 0, autocompletePaths.length);
    results.push(await measure(engine, "cityhalls autocomplete", autocompletePaths, duration));
  } finally {
    await stopProcessGroup(server.child, 30_000);
  }
  console.log(`▶ ${engine}: again with the autocomplete cache off, every answer from the database…`);
  server = await startServer(engine, false);
  try {
    await measure(engine, "warm-up", autocompletePaths, 3);
    results.push(await measure(engine, "cityhalls autocomplete, no cache", autocompletePaths, duration));
  } finally {
    await stopProcessGroup(server.child, 30_000);
  }
}

const pad = (value: string, width: number) => value.padStart(width);
// Other programs on the machine slow both lines alike but push latencies up: say so next to the figures.
console.log(`\nLoad average at the end (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(", ")}`);
console.log(`\nConcurrency ${connections}, ${duration} s per line, ${queries.length} distinct autocomplete questions in rotation.`);
console.log("\"cityhalls autocomplete\": questions already asked once (answered from the in-process cache, 60 s lifetime);");
console.log("\"no cache\": the same questions with the cache turned off, every answer computed by the database.");
for (const [engine, ms] of Object.entries(seedTimes)) console.log(`Seed of a fresh ${engine} database: ${(ms / 1000).toFixed(1)} s`);
console.log(`\n${"engine".padEnd(9)} ${"endpoint".padEnd(34)} ${pad("req/s", 8)} ${pad("p50 ms", 7)} ${pad("p95 ms", 7)} ${pad("p99 ms", 7)} ${pad("vs bare", 8)} ${pad("errors", 6)}`);
console.log("-".repeat(95));
let ok = true;
for (const r of results) {
  const bare = results.find((b) => b.engine === r.engine && b.label.startsWith("GET /api/v1/health"));
  const ratio = bare ? r.rps / bare.rps : 1;
  console.log(
    `${r.engine.padEnd(9)} ${r.label.padEnd(34)} ${pad(r.rps.toFixed(0), 8)} ${pad(r.p50.toFixed(1), 7)} ${pad(r.p95.toFixed(1), 7)} ${pad(r.p99.toFixed(1), 7)} ${pad(`${(ratio * 100).toFixed(0)}%`, 8)} ${pad(String(r.failures), 6)}`,
  );
  if (r.failures > 0) ok = false;
}
console.log("\nGoals: autocomplete p95 under 10 ms and at least 40% of the bare endpoint's throughput (cache on, repeated questions).");
for (const engine of Object.keys(seedTimes)) {
  const bare = results.find((r) => r.engine === engine && r.label.startsWith("GET"))!;
  const auto = results.find((r) => r.engine === engine && r.label === "cityhalls autocomplete")!;
  const met = auto.p95 < 10 && auto.rps >= 0.4 * bare.rps;
  if (!met) ok = false;
  console.log(`  ${engine}: p95 ${auto.p95.toFixed(1)} ms, ${((auto.rps / bare.rps) * 100).toFixed(0)}% of bare → ${met ? "met" : "NOT met"}`);
}
process.exit(ok ? 0 : 1);
