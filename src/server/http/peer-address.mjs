// @ts-check
import { randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The production server (server.mjs) knows the TCP connection a request came on; the
 * route handlers behind Next.js only see headers. server.mjs therefore writes the
 * socket's address into one internal request header, always overwriting whatever a
 * caller sent under that name, and src/server/http/client-ip.ts reads it back (with
 * TRUST_PROXY deciding whether X-Forwarded-For may refine it).
 *
 * The value carries a random key of this process, so a copy typed by a caller is
 * worthless even where nothing strips it (`next start`, `next dev`). The key lives on
 * globalThis: server.mjs and Next's bundled server code each load their own copy of
 * this module, in the same process.
 */

/** Internal request header carrying the socket's remote address. */
export const PEER_ADDRESS_HEADER = "x-paisible-peer-address";

const KEY = Symbol.for("paisible.peer-address-key");

function processKey() {
  const holder = /** @type {Record<symbol, string | undefined>} */ (/** @type {unknown} */ (globalThis));
  holder[KEY] ??= randomBytes(18).toString("base64url");
  return holder[KEY];
}

/** The header value for an address: the address and this process's key. @param {string} address */
export function peerStamp(address) {
  return `${address} ${processKey()}`;
}

/**
 * The address of a stamp this process wrote, or null (missing, forged or foreign).
 * @param {string | undefined | null} value
 */
export function readPeerAddress(value) {
  if (typeof value !== "string") return null;
  const space = value.lastIndexOf(" ");
  if (space <= 0) return null;
  const given = Buffer.from(value.slice(space + 1));
  const expected = Buffer.from(processKey());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value.slice(0, space);
}

/**
 * Overwrites the internal header with the socket's address (or removes it when the
 * socket has none), so a forged copy never reaches the application.
 * @param {import("node:http").IncomingMessage} req
 */
export function stampPeerAddress(req) {
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_ADDRESS_HEADER] = peerStamp(address);
  else delete req.headers[PEER_ADDRESS_HEADER];
  // Next.js builds some request objects from rawHeaders: drop forged copies there too.
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i]?.toLowerCase() === PEER_ADDRESS_HEADER) raw.splice(i, 2);
  }
  if (address) raw.push(PEER_ADDRESS_HEADER, peerStamp(address));
}
