#!/usr/bin/env node
// npm start: from a fresh clone to the whole product on http://localhost:3000.
import { ensureBuild, ensureDependencies, hasScript, run } from "./lib.mjs";

ensureDependencies();
if (hasScript("db:prepare")) run("npm", ["run", "--silent", "db:prepare"]);
ensureBuild();
const port = process.env.PORT ?? "3000";
console.log(`\nPaisible is starting on http://localhost:${port} (English: http://en.localhost:${port}, Arabic: http://ar.localhost:${port})\n`);
// server.mjs: Next.js behind the short-lived cache of shared pages (src/server/http/page-cache.mjs).
run("node", ["server.mjs", port]);
