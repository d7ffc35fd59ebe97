// @ts-check
/**
 * Next.js's page cache (ISR) as it ships, the files under .next/server plus its memory
 * copy, except that error pages are never kept (issue 21). The commune, country and
 * sitemap routes render unknown slugs on demand (dynamicParams): without this, every
 * invented slug's 404 would be written to disk (~330 KB each) and anyone could fill the
 * disk by inventing addresses. A 404 is rendered again on each visit instead, which
 * costs a render, not storage. Configured as `cacheHandler` in next.config.ts.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** @type {any} */
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;

/** Kinds of cached responses that carry an HTTP status (pages and route handlers). */
const RESPONSE_KINDS = new Set(["APP_PAGE", "APP_ROUTE", "PAGES"]);

/** @param {unknown} data */
export function isErrorResponse(data) {
  if (!data || typeof data !== "object") return false;
  const value = /** @type {{ kind?: unknown, status?: unknown }} */ (data);
  return typeof value.kind === "string" && RESPONSE_KINDS.has(value.kind) && typeof value.status === "number" && value.status >= 400;
}

export default class PageCacheHandler extends FileSystemCache {
  /**
   * @param {string} key
   * @param {unknown} data
   * @param {unknown} ctx
   */
  async set(key, data, ctx) {
    if (isErrorResponse(data)) return;
    return super.set(key, data, ctx);
  }
}
