#!/usr/bin/env node
// npm test: everything that checks the product, in order of speed; exits non-zero on the first failure.
import { existsSync } from "node:fs";
import { ensureBuild, ensureDependencies, hasScript, isRoot, run } from "./lib.mjs";

const CHROMIUM = "/usr/bin/chromium";

ensureDependencies();
run("npx", ["next", "typegen"]);
run("npx", ["tsc", "--noEmit"]);
run("npx", ["eslint", ".", "--max-warnings=0"]);
run("npx", ["vitest", "run"]);
if (hasScript("test:pg")) run("npm", ["run", "--silent", "test:pg"]);

if (!existsSync(CHROMIUM)) {
  if (isRoot()) {
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
  } else {
    console.error(`\n✖ The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n    sudo apt-get install -y chromium\n`);
    process.exit(1);
  }
}
// Static pages (home, communes, countries) are rendered at build time from the database.
if (hasScript("db:prepare")) run("npm", ["run", "--silent", "db:prepare"]);
// The browser tests serve the build on E2E_PORT; its static pages must carry that origin.
const e2ePort = process.env.E2E_PORT ?? "3100";
ensureBuild(`http://localhost:${e2ePort}`);
run("npx", ["playwright", "test"], { env: { E2E_PORT: e2ePort } });
console.log("\n✔ All checks passed.");
