import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import PageCacheHandler from "@/server/http/isr-cache-handler.mjs";

/**
 * Next's on-disk page cache (ISR) behind our handler: a page of a slug nobody published
 * (an invented commune, country or sitemap file) answers 404 and must never be written,
 * or anyone could fill the disk by inventing slugs (issue 21).
 */

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function handler() {
  dir = mkdtempSync(join(tmpdir(), "isr-"));
  return new PageCacheHandler({ fs: nodeFs, dev: false, flushToDisk: true, serverDistDir: dir, revalidatedTags: [], maxMemoryCacheSize: 0, _requestHeaders: {} });
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const page = (status: number) => ({
  kind: "APP_PAGE",
  html: "<html>" + "x".repeat(1000) + "</html>",
  rscData: Buffer.from("rsc"),
  headers: {},
  postponed: undefined,
  status,
  segmentData: undefined,
});

const ctx = { cacheControl: { revalidate: 3600, expire: undefined }, isRoutePPREnabled: false, isFallback: false };

describe("ISR cache handler", () => {
  it("writes a published page to disk and reads it back", async () => {
    const cache = handler();
    await cache.set("/fr/pompes-funebres/lyon-69123", page(200), ctx);
    expect(filesUnder(dir!).some((f) => f.endsWith("lyon-69123.html"))).toBe(true);
    const read = await cache.get("/fr/pompes-funebres/lyon-69123", { kind: "APP_PAGE", isRoutePPREnabled: false, isFallback: false });
    expect(read?.value?.kind).toBe("APP_PAGE");
  });

  it("never writes a 404 (or any error) page, nor keeps it in memory", async () => {
    const cache = handler();
    for (let i = 0; i < 20; i += 1) await cache.set(`/fr/pompes-funebres/invente-${i}`, page(404), ctx);
    await cache.set("/fr/rapatriement-corps-pays/atlantide", page(500), ctx);
    await cache.set("/sitemaps/inconnu-9.xml", { kind: "APP_ROUTE", body: Buffer.from("{}"), headers: {}, status: 404 }, ctx);
    expect(filesUnder(dir!)).toEqual([]);
    expect(await cache.get("/fr/pompes-funebres/invente-0", { kind: "APP_PAGE", isRoutePPREnabled: false, isFallback: false })).toBeNull();
  });
});
