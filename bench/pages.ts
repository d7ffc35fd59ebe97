// npm run bench:pages – a commune page already rendered against a static file of the
// same size served by the same server, in one run, with autocannon: first the product's
// server (server.mjs, what npm start runs), then a bare `next start` for comparison.
// The goal: the page reaches at least half the static file's throughput.
//   tsx bench/pages.ts [--port 3499] [--duration 10] [--connections 20] [--path /pompes-funebres/lyon-69123]
// Needs a build (npx next build) and a prepared database (npm run db:prepare, or DATA_DIR).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { arg, stopProcessGroup } from "./bench-kit";

const require = createRequire(import.meta.url);
const root = join(import.meta.dirname, "..");

interface AutocannonResult {
  requests: { total: number };
  throughput: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>, callback: (error: Error | null, result: AutocannonResult) => void) => unknown;
const autocannon = require("autocannon") as Autocannon;

const port = Number(arg("port", "3499"));
const duration = Number(arg("duration", "10"));
const connections = Number(arg("connections", "20"));
const pagePath = arg("path", "/pompes-funebres/lyon-69123");
const origin = `http://127.0.0.1:${port}`;
// A name no build produces; removed when the run ends, whatever happens.
const staticName = `bench-static-${process.pid}.html`;
const staticFile = join(root, "public", staticName);

function cleanUp(): void {
  if (existsSync(staticFile)) rmSync(staticFile, { force: true });
}

/**
 * "product" is what npm start runs (server.mjs: Next behind the page cache); "next" is a
 * bare `next start`, measured too so the report shows what the cache adds.
 */
type ServerKind = "product" | "next";

function startServer(kind: ServerKind): ChildProcess {
  if (!existsSync(join(root, ".next", "BUILD_ID"))) {
    throw new Error("No build found: run `npx next build` first.");
  }
  const next = join(root, "node_modules", "next", "dist", "bin", "next");
  const args = kind === "product" ? [join(root, "server.mjs"), String(port)] : [next, "start", "-p", String(port)];
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

async function waitUntilUp(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer on ${origin} within 120 s`);
}

interface Measure {
  label: string;
  bytes: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

function measure(label: string, path: string, bytes: number): Promise<Measure> {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${origin}${path}`, connections, duration }, (error, result) => {
      if (error) return reject(error);
      resolve({
        label,
        bytes,
        rps: result.requests.total / duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    });
  });
}

process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

interface Run {
  server: ServerKind;
  cache: string;
  results: Measure[];
  ratio: number;
}

/** Measures the page and its static copy on one server (started with the copy in public/). */
async function runOn(kind: ServerKind, bytes: number): Promise<Run> {
  const server = startServer(kind);
  try {
    await waitUntilUp();
    // The first visit renders and caches the page; the second must be a cache hit.
    await fetch(`${origin}${pagePath}`);
    const page = await fetch(`${origin}${pagePath}`);
    const cache = page.headers.get("x-nextjs-cache") ?? "none";
    await page.arrayBuffer();
    const check = await fetch(`${origin}/${staticName}`);
    if (!check.ok) throw new Error(`the static copy answered ${check.status}`);
    await check.arrayBuffer();
    await measure("warm-up", pagePath, bytes);
    await measure("warm-up", `/${staticName}`, bytes);
    const results = [await measure(`page ${pagePath}`, pagePath, bytes), await measure(`static /${staticName}`, `/${staticName}`, bytes)];
    return { server: kind, cache, results, ratio: results[0]!.rps / results[1]!.rps };
  } finally {
    await stopProcessGroup(server, 10_000);
  }
}

// Next.js lists public/ when it starts: the server is started once to fetch the page,
// then again, for each kind, with the same-size static copy in place.
try {
  const first = startServer("product");
  let html: Buffer;
  try {
    await waitUntilUp();
    await fetch(`${origin}${pagePath}`);
    const response = await fetch(`${origin}${pagePath}`);
    if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
    html = Buffer.from(await response.arrayBuffer());
  } finally {
    await stopProcessGroup(first, 10_000);
  }
  writeFileSync(staticFile, html);
  console.log(`\n▶ ${pagePath}: ${html.length} bytes; static copy /${staticName} of the same size`);
  console.log(`  ${connections} connections, ${duration} s each, warm-up first\n`);

  const runs = [await runOn("product", html.length), await runOn("next", html.length)];
  const pad = (value: string, width: number) => value.padEnd(width);
  console.log(`${pad("", 58)}${pad("req/s", 10)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}failures`);
  for (const run of runs) {
    const label = run.server === "product" ? "npm start (server.mjs, page cache)" : "next start (no page cache)";
    for (const r of run.results) {
      console.log(`${pad(`${label}: ${r.label.split(" ")[0]}`, 58)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p50), 9)}${pad(String(r.p99), 9)}${r.failures}`);
    }
  }
  const [product, bare] = runs as [Run, Run];
  const verdict = product.ratio >= 0.5 ? "goal met" : "goal missed";
  console.log(`\npage / static throughput, npm start: ${(product.ratio * 100).toFixed(0)} % (${verdict}: at least 50 %)`);
  console.log(`page / static throughput, bare next start: ${(bare.ratio * 100).toFixed(0)} %`);
  console.log(JSON.stringify({ event: "bench-pages", path: pagePath, bytes: html.length, connections, duration, runs }));
  if (runs.some((run) => run.results.some((r) => r.failures > 0))) process.exitCode = 1;
} finally {
  cleanUp();
}
