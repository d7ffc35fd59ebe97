#!/usr/bin/env node
// Lighthouse (mobile preset: emulated phone, slow 4G and CPU throttling) on the pages
// families land on: home, a commune page, a country page and a guide article, and the
// three pages of the quote funnel (landing, questions, confirmation), in Debian's Chromium. Prints the four category scores and the Core Web Vitals of each.
//   node scripts/lighthouse.mjs [--base http://localhost:3401] [--out lighthouse-reports] [--runs 1] [--throttling simulate|devtools] [path ...]
// --throttling devtools really slows the network and CPU down instead of simulating from a
// fast local trace (Lighthouse's default, whose LCP counts every script that happened to
// finish before the first paint on this machine): slower to run, closer to a real phone.
// Needs a running server (npx next start -p <port>) and the `lighthouse` dev dependency.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = argv[index + 1];
  argv.splice(index, 2);
  return value ?? fallback;
};
const base = option("base", process.env.LIGHTHOUSE_BASE ?? "http://localhost:3000").replace(/\/+$/, "");
const outDir = option("out", "");
const runs = Math.max(1, Number(option("runs", "1")) || 1);
const throttlingMethod = option("throttling", "simulate") === "devtools" ? "devtools" : "simulate";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const DEFAULT_PATHS = [
  "/",
  "/pompes-funebres/lyon-69123",
  "/rapatriement-corps-pays/maroc",
  "/guides-obseques/rapatriement-de-corps/rapatrier-un-corps-a-l-etranger",
  "/devis-obseques",
  "/devis-obseques/ceremonie",
  "/devis-obseques/confirmation",
];
const paths = argv.length > 0 ? argv : DEFAULT_PATHS;

let lighthouse;
let chromeLauncher;
try {
  lighthouse = (await import("lighthouse")).default;
  chromeLauncher = await import("chrome-launcher");
} catch {
  console.error("✖ Lighthouse is not installed: add it as a dev dependency (npm install --save-dev lighthouse) and run again.");
  process.exit(2);
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const chrome = await chromeLauncher.launch({
  chromePath,
  // No network but the server's: no background downloads, updates or sign-in.
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});

const summary = [];
try {
  for (const path of paths) {
    const url = `${base}${path}`;
    const samples = [];
    for (let run = 0; run < runs; run++) {
      // The default configuration is the mobile preset.
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, throttlingMethod });
      if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      samples.push(lhr);
      if (outDir) {
        mkdirSync(outDir, { recursive: true });
        const name = (path.replace(/^\/|\/$/g, "").replace(/[^a-z0-9]+/gi, "-") || "home") + (runs > 1 ? `-${run + 1}` : "");
        writeFileSync(join(outDir, `${name}.json`), result.report);
      }
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(median(samples.map((s) => s.categories[c]?.score ?? 0)) * 100)]));
    const metrics = Object.fromEntries(Object.entries(METRICS).map(([id, short]) => [short, median(samples.map((s) => s.audits[id]?.numericValue ?? Number.NaN))]));
    summary.push({ path, scores, metrics });
  }
} finally {
  await chrome.kill();
}

const pad = (value, width) => String(value).padEnd(width);
console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ""}mobile preset${throttlingMethod === "devtools" ? " (devtools throttling)" : ""} on ${base}\n`);
console.log(`${pad("page", 72)}${pad("perf", 6)}${pad("a11y", 6)}${pad("bp", 6)}${pad("seo", 6)}${pad("FCP s", 8)}${pad("LCP s", 8)}${pad("TBT ms", 8)}${pad("CLS", 7)}SI s`);
for (const { path, scores, metrics } of summary) {
  console.log(
    pad(path, 72) +
      pad(scores.performance, 6) +
      pad(scores.accessibility, 6) +
      pad(scores["best-practices"], 6) +
      pad(scores.seo, 6) +
      pad((metrics.FCP / 1000).toFixed(2), 8) +
      pad((metrics.LCP / 1000).toFixed(2), 8) +
      pad(Math.round(metrics.TBT), 8) +
      pad(metrics.CLS.toFixed(3), 7) +
      (metrics.SI / 1000).toFixed(2),
  );
}
console.log(JSON.stringify({ event: "lighthouse", base, runs, throttlingMethod, pages: summary }));
