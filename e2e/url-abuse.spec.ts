import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

/**
 * Issue 21 on the built server: invented slugs leave nothing on disk, and malformed
 * percent-encoding is the client's error (400/404), never a 500.
 */

/** Every file of Next's server output, where its page cache writes (app/ and route-cache/). */
function cachedFiles(): string[] {
  const root = join(process.cwd(), ".next/server");
  return readdirSync(root, { recursive: true }).map(String);
}

test("an invented commune, country or sitemap slug answers 404 and is never written to the page cache", async ({ request }) => {
  const marker = `invente-${Date.now()}`;
  for (const path of [`/pompes-funebres/${marker}`, `/rapatriement-corps-pays/${marker}`, `/sitemaps/${marker}-1.xml`]) {
    for (let i = 0; i < 2; i += 1) expect((await request.get(path)).status(), path).toBe(404);
  }
  expect(cachedFiles().filter((file) => file.includes(marker))).toEqual([]);
});

test("malformed percent-encoding answers 400 or 404 on pages and files, never 500", async ({ request }) => {
  for (const path of ["/pompes-funebres/%E0%A4%A", "/pompes-funebres/lyon%", "/rapatriement-corps-pays/%ED%A0%80", "/documents/legal/%ZZ.pdf", "/sitemaps/%C3.xml", "/guides-obseques/%", "/%E0%A4%A"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect([400, 404], path).toContain(response.status());
  }
});
