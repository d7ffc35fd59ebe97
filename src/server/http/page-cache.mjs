// @ts-check
/**
 * A short-lived, in-memory cache of whole page responses in front of Next.js, for the
 * pages Next itself marks as shared (Cache-Control s-maxage: the static and
 * incrementally regenerated public pages). It is what a CDN or nginx "micro-cache"
 * would do, inside the one process: a page already rendered is answered from memory
 * without going through Next's routing and rendering pipeline again, which costs about
 * a millisecond of CPU per request (npm run bench: without it a cached commune page
 * served ~18 % of a static file's throughput).
 *
 * Only anonymous GET/HEAD requests for pages are looked up: no files, no RSC navigation
 * requests, no draft-mode (preview) cookie, no Authorization header, no API or
 * internal paths. Only 200 responses with s-maxage, without Set-Cookie, private or
 * no-store, and varying on nothing but what the request key already holds are kept.
 * An entry lives for min(s-maxage, maxAgeSeconds); Next's own revalidation is then
 * asked again, so content is never staler than Next's ISR would serve it plus that
 * bound. Memory is bounded (least recently used entries leave first).
 */

/** Request headers Next uses for client-side navigation payloads: never served from here. */
const NAVIGATION_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action"];
/** Vary values a kept response may carry: the navigation headers above (absent from every looked-up request) and the encoding (part of the key). */
const ALLOWED_VARY = new Set([...NAVIGATION_HEADERS, "accept-encoding", "next-url"]);
const PREVIEW_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/;
const SKIPPED_PATHS = /^\/(?:api|_next|omniauth|documents)(?:\/|$)/;
/** Headers rebuilt for every answer rather than replayed. */
const NOT_REPLAYED = new Set(["date", "connection", "keep-alive", "transfer-encoding", "age"]);

/**
 * @typedef {{ status: number, headers: Record<string, string | string[]>, body: Buffer, storedAt: number, expiresAt: number }} Entry
 * @typedef {{ maxBytes?: number, maxEntryBytes?: number, maxAgeSeconds?: number, now?: () => number }} Options
 * @typedef {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} Handler
 */

/** @param {import("node:http").IncomingMessage} req */
export function cacheKey(req) {
  const method = req.method ?? "GET";
  if (method !== "GET" && method !== "HEAD") return null;
  const url = req.url ?? "/";
  const path = url.split("?")[0] ?? "/";
  // Files (anything with an extension) are already cheap to serve: only pages are kept.
  if (SKIPPED_PATHS.test(path) || /\.[^/]*$/.test(path) || /[?&]_rsc=/.test(url)) return null;
  const headers = req.headers;
  if (NAVIGATION_HEADERS.some((name) => headers[name] !== undefined)) return null;
  if (headers.authorization !== undefined) return null;
  if (typeof headers.cookie === "string" && PREVIEW_COOKIES.test(headers.cookie)) return null;
  // The locale comes from the host (proxy.ts reads X-Forwarded-Host first, so does the key).
  const forwarded = headers["x-forwarded-host"];
  const host = String((Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? headers.host ?? "").trim().toLowerCase();
  const encoding = String(headers["accept-encoding"] ?? "").replace(/\s+/g, "").toLowerCase();
  return `${host} ${url} ${encoding}`;
}

/**
 * Seconds a response may be kept, or 0 when it must not be.
 * @param {number} status
 * @param {Record<string, string | string[] | number | undefined>} headers lower-case names
 * @param {number} maxAgeSeconds
 */
export function storableSeconds(status, headers, maxAgeSeconds) {
  if (status !== 200 || headers["set-cookie"] !== undefined) return 0;
  const cacheControl = String(headers["cache-control"] ?? "").toLowerCase();
  if (/\b(?:private|no-store|no-cache)\b/.test(cacheControl)) return 0;
  const sMaxAge = /\bs-maxage=(\d+)/.exec(cacheControl);
  if (!sMaxAge) return 0;
  const vary = String(headers.vary ?? "")
    .toLowerCase()
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  if (vary.some((value) => !ALLOWED_VARY.has(value))) return 0;
  return Math.min(Number(sMaxAge[1]), maxAgeSeconds);
}

/** @param {Options} [options] */
export function createPageCache(options = {}) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
  const maxAgeSeconds = options.maxAgeSeconds ?? 60;
  const now = options.now ?? Date.now;
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let totalBytes = 0;

  /** @param {string} key */
  function remove(key) {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.body.length;
    entries.delete(key);
  }

  /** @param {string} key @param {Entry} entry */
  function store(key, entry) {
    remove(key);
    entries.set(key, entry);
    totalBytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (totalBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  /**
   * @param {import("node:http").ServerResponse} res
   * @param {Entry} entry
   * @param {boolean} headOnly
   */
  function replay(res, entry, headOnly) {
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader("age", String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    res.setHeader("content-length", String(entry.body.length));
    res.writeHead(entry.status);
    res.end(headOnly ? undefined : entry.body);
  }

  /**
   * Watches Next's answer and keeps a copy when it may be shared.
   * @param {import("node:http").ServerResponse} res
   * @param {string} key
   */
  function capture(res, key) {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    // Too big to keep, or written in a form this copy cannot read back (raw header arrays, odd chunks).
    let uncacheable = false;
    /** @param {unknown} chunk @param {unknown} encoding */
    const collect = (chunk, encoding) => {
      if (uncacheable || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, /** @type {BufferEncoding} */ (typeof encoding === "string" ? encoding : "utf8"))
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
            : null;
      if (!buffer) {
        uncacheable = true;
        return;
      }
      size += buffer.length;
      if (size > maxEntryBytes) uncacheable = true;
      // A copy: the writer may reuse its buffer once the write is done.
      else chunks.push(Buffer.from(buffer));
    };
    const originalWriteHead = res.writeHead;
    const originalWrite = res.write;
    const originalEnd = res.end;
    // Headers handed to writeHead() are not readable afterwards: move them to setHeader().
    /** @type {any} */ (res).writeHead = function writeHead(/** @type {any[]} */ ...args) {
      const headers = args.find((arg, index) => index > 0 && arg && typeof arg === "object");
      if (Array.isArray(headers)) uncacheable = true;
      else if (headers) {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
        args.splice(args.indexOf(headers), 1);
      }
      return originalWriteHead.apply(res, /** @type {any} */ (args));
    };
    /** @type {any} */ (res).write = function write(/** @type {any[]} */ ...args) {
      collect(args[0], args[1]);
      return originalWrite.apply(res, /** @type {any} */ (args));
    };
    /** @type {any} */ (res).end = function end(/** @type {any[]} */ ...args) {
      collect(args[0], args[1]);
      return originalEnd.apply(res, /** @type {any} */ (args));
    };
    res.once("finish", () => {
      if (uncacheable) return;
      const headers = /** @type {Record<string, string | string[] | number | undefined>} */ (res.getHeaders());
      const seconds = storableSeconds(res.statusCode, headers, maxAgeSeconds);
      if (seconds <= 0) return;
      /** @type {Record<string, string | string[]>} */
      const kept = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || NOT_REPLAYED.has(name)) continue;
        kept[name] = typeof value === "number" ? String(value) : value;
      }
      const storedAt = now();
      store(key, { status: res.statusCode, headers: kept, body: Buffer.concat(chunks, size), storedAt, expiresAt: storedAt + seconds * 1000 });
    });
  }

  return {
    /**
     * Answers from memory when it can, otherwise hands the request to `next`.
     * @param {import("node:http").IncomingMessage} req
     * @param {import("node:http").ServerResponse} res
     * @param {Handler} next
     */
    handle(req, res, next) {
      const key = cacheKey(req);
      if (key === null) return next(req, res);
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) {
        // Most recently used goes to the end of the eviction order.
        entries.delete(key);
        entries.set(key, entry);
        const etag = entry.headers.etag;
        if (typeof etag === "string" && req.headers["if-none-match"] === etag) {
          res.setHeader("etag", etag);
          if (entry.headers["cache-control"]) res.setHeader("cache-control", entry.headers["cache-control"]);
          res.writeHead(304);
          res.end();
          return undefined;
        }
        replay(res, entry, req.method === "HEAD");
        return undefined;
      }
      if (entry) remove(key);
      // A HEAD answer has no body to keep.
      if (req.method === "GET") capture(res, key);
      return next(req, res);
    },
    /** Figures for tests and the benchmark. */
    stats() {
      return { entries: entries.size, bytes: totalBytes };
    },
    clear() {
      entries.clear();
      totalBytes = 0;
    },
  };
}

/**
 * The process's page caches, kept on globalThis: server.mjs and the app's bundled server
 * code load this file as two module instances, and a change made through the API (a
 * partner disabled in the directory) must reach the copy server.mjs answers from.
 */
const SHARED = Symbol.for("paisible.page-caches");

/** @returns {Set<{ clear: () => void }>} */
function sharedCaches() {
  const holder = /** @type {Record<symbol, Set<{ clear: () => void }> | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (holder[SHARED] ??= new Set());
}

/** Lets clearSharedPageCaches() reach this cache. @param {{ clear: () => void }} cache */
export function shareForInvalidation(cache) {
  sharedCaches().add(cache);
  return cache;
}

/**
 * Drops every kept page of every shared cache. Whole-cache on purpose: entries live a
 * minute at most, changes that need it are rare, and a page's address differs by locale
 * host, so a narrower match could miss one.
 */
export function clearSharedPageCaches() {
  for (const cache of sharedCaches()) cache.clear();
}
