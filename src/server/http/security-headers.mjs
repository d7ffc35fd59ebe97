// @ts-check
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/**
 * Security headers and the Content-Security-Policy of every answer.
 *
 * - The fixed headers (nosniff, no framing, referrer, permissions, HSTS on https) are set
 *   for every path by next.config.ts.
 * - API answers, PDFs and other non-page answers get NON_DOCUMENT_CSP: nothing may load.
 * - Pages get a policy whose scripts are 'self' plus the SHA-256 of each inline script
 *   the HTML holds (Next's bootstrap and flight data): no 'unsafe-inline', and no nonce,
 *   which would make every statically generated page dynamic. proxy.ts writes the policy
 *   with a placeholder into an internal response header; server.mjs (secureDocument)
 *   reads the finished HTML, hashes its inline scripts and sends the real header. Pages
 *   served from server.mjs's page cache replay the finished header with the HTML.
 */

export const FIXED_SECURITY_HEADERS = Object.freeze({
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  // Paths of quotes and set-password links hold identifiers: other sites only ever see the origin.
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Features the product never uses; only names Chromium knows (unknown ones log console errors).
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=(), browsing-topics=()",
});

/** Two years, subdomains included (the locale hosts are subdomains of SITE_URL). */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * The fixed headers of every answer for a site at `siteUrl`, as next.config.ts headers() takes them:
 * HSTS only when the site is served over https.
 * @param {string} siteUrl
 */
export function fixedHeadersFor(siteUrl) {
  const headers = Object.entries(FIXED_SECURITY_HEADERS).map(([key, value]) => ({ key, value }));
  if (siteUrl.startsWith("https://")) headers.push({ key: "Strict-Transport-Security", value: HSTS });
  return headers;
}

/** For answers that are not pages (JSON, PDF, XML): nothing may run, load or frame them. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Internal response header carrying a page's policy until its inline scripts are hashed. */
export const PAGE_CSP_HEADER = "x-paisible-page-csp";

/** Stands in script-src for the hashes of the page's own inline scripts. */
export const INLINE_HASHES = "'inline-script-hashes'";

/**
 * A page's policy, with INLINE_HASHES to be replaced by finishPagePolicy().
 * @param {{ connectOrigins?: readonly string[], strict?: boolean, https?: boolean }} [options]
 *   connectOrigins: other origins the browser calls (API hosts, chat, error reporting);
 *   strict: sign-in, account and payment pages (no data:/blob: images, no other origin but error reporting);
 *   https: ask the browser to upgrade any stray http:// subresource.
 */
export function pagePolicy(options = {}) {
  const connect = ["'self'", ...new Set(options.connectOrigins ?? [])].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${INLINE_HASHES}`,
    // Next.js inlines the stylesheet and React writes style attributes: styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    options.strict ? "img-src 'self'" : "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Origin of a URL (error-reporting DSN, API host), or null. @param {string | undefined} url */
export function originOf(url) {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /^(?:|text\/javascript|application\/javascript|module)$/i;

/**
 * 'sha256-…' sources of the HTML's inline scripts that a browser would run (JSON-LD and
 * other data blocks are not scripts to CSP), each once.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!EXECUTABLE_TYPE.test(type.trim())) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** @param {string} template @param {readonly string[]} hashes */
export function finishPagePolicy(template, hashes) {
  return template.replace(INLINE_HASHES, hashes.join(" ")).replace(/ +;/g, ";");
}

/** @param {Buffer} body @param {unknown} encoding */
function decode(body, encoding) {
  const value = String(encoding ?? "").trim().toLowerCase();
  if (value === "" || value === "identity") return body;
  if (value === "gzip" || value === "x-gzip") return gunzipSync(body);
  if (value === "deflate") return inflateSync(body);
  if (value === "br") return brotliDecompressSync(body);
  throw new Error(`unknown content-encoding ${value}`);
}

/**
 * Holds back an HTML page without a Content-Security-Policy until its end, then sends it
 * with the policy (from PAGE_CSP_HEADER, or `fallbackPolicy` for pages proxy.ts did not
 * see, such as a not-found page for a missing file) completed with its inline scripts'
 * hashes. Every other answer passes straight through. Must be installed on `res` before
 * Next.js adds its compression, so it sees the final (possibly compressed) bytes.
 * @param {import("node:http").ServerResponse} res
 * @param {string} fallbackPolicy
 */
export function secureDocument(res, fallbackPolicy) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  /** @type {"pass" | "hold" | null} */
  let mode = null;
  // Set while the held page goes out: Node's own writeHead call (through every wrapper) must then pass.
  let releasing = false;
  /** @type {Buffer[]} */
  const chunks = [];
  let status = 200;
  /** @type {string | undefined} */
  let statusMessage;

  const decide = () => {
    if (mode) return mode;
    const type = String(res.getHeader("content-type") ?? "");
    mode = /^text\/html\b/i.test(type) && res.getHeader("content-security-policy") === undefined ? "hold" : "pass";
    if (mode === "pass") res.removeHeader(PAGE_CSP_HEADER);
    return mode;
  };

  /** @param {unknown} chunk @param {unknown} encoding */
  const keep = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, /** @type {BufferEncoding} */ (typeof encoding === "string" ? encoding : "utf8")));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };

  /** @type {any} */ (res).writeHead = function writeHead(/** @type {any[]} */ ...args) {
    // Headers handed to writeHead() must be visible to decide(): move them to setHeader().
    const headers = args.find((arg, index) => index > 0 && arg && typeof arg === "object" && !Array.isArray(arg));
    if (headers) {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      args.splice(args.indexOf(headers), 1);
    }
    if (releasing || decide() === "pass") return original.writeHead.apply(res, /** @type {any} */ (args));
    status = Number(args[0] ?? res.statusCode);
    if (typeof args[1] === "string") statusMessage = args[1];
    return res;
  };
  res.flushHeaders = function flushHeaders() {
    if (decide() === "pass") original.flushHeaders.call(res);
  };
  /** @type {any} */ (res).write = function write(/** @type {any[]} */ ...args) {
    if (decide() === "pass") return original.write.apply(res, /** @type {any} */ (args));
    keep(args[0], args[1]);
    const callback = args.find((arg) => typeof arg === "function");
    if (callback) process.nextTick(callback);
    return true;
  };
  /** @type {any} */ (res).end = function end(/** @type {any[]} */ ...args) {
    if (decide() === "pass") return original.end.apply(res, /** @type {any} */ (args));
    keep(args[0], typeof args[1] === "string" ? args[1] : undefined);
    const body = Buffer.concat(chunks);
    const template = res.getHeader(PAGE_CSP_HEADER);
    res.removeHeader(PAGE_CSP_HEADER);
    /** @type {string[]} */
    let hashes = [];
    try {
      hashes = inlineScriptHashes(decode(body, res.getHeader("content-encoding")).toString("utf8"));
    } catch (error) {
      // Unreadable: the page goes out without its inline scripts allowed, never with all of them.
      console.error("[security-headers] could not read the page to hash its scripts:", error);
    }
    res.setHeader("content-security-policy", finishPagePolicy(typeof template === "string" ? template : fallbackPolicy, hashes));
    // One buffer now (a HEAD answer keeps the length Next announced).
    if (body.length > 0 || res.getHeader("content-length") === undefined) res.setHeader("content-length", String(body.length));
    res.statusCode = status || res.statusCode;
    if (statusMessage) res.statusMessage = statusMessage;
    const callback = args.find((arg) => typeof arg === "function");
    releasing = true;
    return original.end.call(res, body, callback);
  };
}
