#!/usr/bin/env node
// npm test: everything that checks the product, in order of speed; exits non-zero on the first failure.
import { existsSync, mkdirSync } from "node:fs";
import { ensureBuild, ensureDependencies, hasScript, isRoot, run } from "./lib.mjs";

const CHROMIUM = "/usr/bin/chromium";
// The Nu HTML Checker (vnu-jar) is a Java program; Debian's runtime, never a downloaded one.
const JAVA = "/usr/bin/java";
// libxml2-utils: xmllint checks Factur-X and SEPA XML against their official schemas.
const XMLLINT = "/usr/bin/xmllint";

ensureDependencies();
// System tools first: the vitest run calls xmllint, the browser tests Chromium and Java.
const systemPackages = [
  { path: CHROMIUM, pkg: "chromium", why: "The browser tests need Debian's Chromium" },
  { path: JAVA, pkg: "default-jre-headless", why: "The HTML check (Nu HTML Checker) needs Java" },
  { path: XMLLINT, pkg: "libxml2-utils", why: "The Factur-X tests validate invoices against the official XSD with xmllint" },
].filter(({ path }) => !existsSync(path));
if (systemPackages.length > 0) {
  const names = systemPackages.map(({ pkg }) => pkg);
  if (isRoot()) {
    // Slim Debian images drop the man folders, where Java's postinst links its pages.
    mkdirSync("/usr/share/man/man1", { recursive: true });
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", ...names], { env: { DEBIAN_FRONTEND: "noninteractive" } });
  } else {
    for (const { path, why } of systemPackages) console.error(`\n✖ ${why} at ${path}.`);
    console.error(`Install with:\n    sudo apt-get install -y ${names.join(" ")}\n`);
    process.exit(1);
  }
}
run("npx", ["next", "typegen"]);
run("npx", ["tsc", "--noEmit"]);
run("npx", ["eslint", ".", "--max-warnings=0"]);
run("npx", ["vitest", "run"]);
if (hasScript("test:pg")) run("npm", ["run", "--silent", "test:pg"]);

// Static pages (home, communes, countries) are rendered at build time from the database.
if (hasScript("db:prepare")) run("npm", ["run", "--silent", "db:prepare"]);
// The browser tests serve the build on E2E_PORT; its static pages must carry that origin.
const e2ePort = process.env.E2E_PORT ?? "3100";
ensureBuild(`http://localhost:${e2ePort}`);
run("npx", ["playwright", "test"], { env: { E2E_PORT: e2ePort } });
console.log("\n✔ All checks passed.");
