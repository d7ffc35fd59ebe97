// DOM matchers for the component tests that opt into jsdom with `// @vitest-environment jsdom`.
import "@testing-library/jest-dom/vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Code that opens the configured database (sitemap sources, page services) must never
// write into the developer's ./data while testing.
process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), "paisible-vitest-"));
