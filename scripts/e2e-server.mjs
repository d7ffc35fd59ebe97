#!/usr/bin/env node
// Serves the built app for the browser tests on its own port, with a fresh embedded
// database in a temporary folder so the tests never touch ./data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { hasScript, run } from "./lib.mjs";

const port = process.argv[2] ?? "3100";
const dataDir = mkdtempSync(join(tmpdir(), "paisible-e2e-"));
// TRUST_PROXY: the specs' API calls name their family's address in X-Forwarded-For (e2e/family-journey.ts
// familyAddress), as a load balancer would, so per-address limits see many families rather than one 127.0.0.1.
const env = { DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}`, TRUST_PROXY: "loopback" };
if (hasScript("db:prepare")) run("npm", ["run", "--silent", "db:prepare"], { env });
// The same server as npm start, page cache included, so the tests see what families get.
const server = spawn("node", ["server.mjs", port], { stdio: "inherit", env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: "1" } });
const stop = () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
