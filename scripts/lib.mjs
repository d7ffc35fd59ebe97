// Shared helpers of the two entry commands (npm start, npm test). Node built-ins only:
// they run on a fresh machine before any dependency is installed.
import { spawnSync } from "node:child_process";
import { existsSync, statSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("..", import.meta.url).pathname;

export function run(command, args, options = {}) {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...options.env } });
  if (result.status !== 0) {
    if (options.allowFailure) return false;
    console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return true;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const installed = join(root, "node_modules", ".package-lock.json");
  const lock = join(root, "package-lock.json");
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm ci` refuses this lockfile: npm 11 leaves other platforms' optional binaries
  // (@next/swc-darwin-*, …) out of it and then reports it out of sync. With exact pins,
  // `npm install` installs the same tree and leaves the lockfile untouched.
  run("npm", ["install", "--no-audit", "--no-fund"]);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === ".next" || entry === "data") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Builds unless the last build is newer than every source file and was made for the same
 * SITE_URL: static pages carry their canonical URLs, so a build for the test server's
 * origin must not be served by `npm start`, nor the reverse.
 */
export function ensureBuild(siteUrl = process.env.SITE_URL ?? "http://localhost:3000") {
  const buildId = join(root, ".next", "BUILD_ID");
  const stamp = join(root, ".next", "paisible-build.json");
  const sources = ["app", "src", "messages", "public", "proxy.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];
  const newest = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  const builtFor = existsSync(stamp) ? JSON.parse(readFileSync(stamp, "utf8")).siteUrl : null;
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newest && builtFor === siteUrl) return;
  run("npx", ["next", "build"], { env: { SITE_URL: siteUrl } });
  writeFileSync(stamp, JSON.stringify({ siteUrl }));
}

export function hasScript(name) {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return Boolean(pkg.scripts?.[name]);
}

export function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}
