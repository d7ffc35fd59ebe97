#!/usr/bin/env node
// Merges one namespace into every messages/<locale>.json, so several people can add
// their own namespace without editing each other's keys.
// Usage: node scripts/set-messages.mjs <namespace> <dir-with-<locale>.json-files>
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const LOCALES = ["fr", "ar", "de", "en", "es", "he", "it", "pt", "sr", "tr", "zh"];
const [namespace, dir] = process.argv.slice(2);
if (!namespace || !dir) {
  console.error("usage: node scripts/set-messages.mjs <namespace> <dir>");
  process.exit(2);
}
for (const locale of LOCALES) {
  const source = join(dir, `${locale}.json`);
  if (!existsSync(source)) {
    console.error(`missing ${source}`);
    process.exit(1);
  }
}
for (const locale of LOCALES) {
  const target = join("messages", `${locale}.json`);
  const current = existsSync(target) ? JSON.parse(readFileSync(target, "utf8")) : {};
  current[namespace] = JSON.parse(readFileSync(join(dir, `${locale}.json`), "utf8"));
  const sorted = Object.fromEntries(Object.keys(current).sort().map((k) => [k, current[k]]));
  writeFileSync(target, JSON.stringify(sorted, null, 2) + "\n");
}
console.log(`namespace ${namespace} written to ${LOCALES.length} locales`);
