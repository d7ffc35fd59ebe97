// @ts-check
/**
 * The production server (server.mjs) knows the TCP connection a request came on; the
 * route handlers behind Next.js only see headers. server.mjs therefore writes the
 * socket's address into one internal request header, always overwriting whatever a
 * caller sent under that name, and src/server/http/client-ip.ts reads it back (with
 * TRUST_PROXY deciding whether X-Forwarded-For may refine it).
 */

/** Internal request header carrying the socket's remote address. Never trusted from outside server.mjs. */
export const PEER_ADDRESS_HEADER = "x-paisible-peer-address";

/**
 * Overwrites the internal header with the socket's address (or removes it when the
 * socket has none), so a forged copy never reaches the application.
 * @param {import("node:http").IncomingMessage} req
 */
export function stampPeerAddress(req) {
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_ADDRESS_HEADER] = address;
  else delete req.headers[PEER_ADDRESS_HEADER];
  // Next.js builds some request objects from rawHeaders: drop forged copies there too.
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i]?.toLowerCase() === PEER_ADDRESS_HEADER) raw.splice(i, 2);
  }
  if (address) raw.push(PEER_ADDRESS_HEADER, address);
}
