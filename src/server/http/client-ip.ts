import { BlockList, isIP } from "node:net";
import type { Context } from "hono";
import { serverEnv, type ServerEnv, type TrustProxy } from "@/config/env";
import { PEER_ADDRESS_HEADER, readPeerAddress } from "@/server/http/peer-address.mjs";

/**
 * The client's address, the one place the rest of the code asks for it (sign-in and any
 * other per-IP limit, logs). It starts from the connection's address, which server.mjs
 * puts in an internal header it always overwrites, and follows X-Forwarded-For only
 * through the proxies TRUST_PROXY names: a caller talking to the server directly cannot
 * pick its own address by sending the header.
 *
 * Without server.mjs in front (`next dev`, `next start`) the connection is unknown and
 * the answer is null: per-IP limits then rest on their per-account half. A header typed
 * by a caller lacks the process key (peer-address.mjs) and counts as unknown too.
 */
export function clientIp(c: Context, env: Pick<ServerEnv, "TRUST_PROXY"> = serverEnv()): string | null {
  return resolveClientAddress(readPeerAddress(c.req.header(PEER_ADDRESS_HEADER)), c.req.header("x-forwarded-for"), env.TRUST_PROXY);
}

/**
 * Whether the request's connection comes from this machine's loopback interface and was
 * not relayed by a proxy (a proxy on the same machine connects from loopback too, but
 * adds the address it relays for).
 */
export function isLoopbackConnection(c: Context): boolean {
  const peer = normalizeAddress(readPeerAddress(c.req.header(PEER_ADDRESS_HEADER)));
  if (!peer || !isLoopback(peer)) return false;
  if (c.req.header("forwarded")) return false;
  // Next.js fills X-Forwarded-For with the socket's own address when it is absent.
  return forwardedChain(c.req.header("x-forwarded-for")).every((entry) => normalizeAddress(entry) === peer);
}

/** The client's address from the connection's address, X-Forwarded-For and the trust setting. */
export function resolveClientAddress(peer: string | undefined | null, forwardedFor: string | undefined | null, trust: TrustProxy): string | null {
  let current = normalizeAddress(peer);
  if (!current) return null;
  if (trust.kind === "off") return current;
  const chain = forwardedChain(forwardedFor);
  const trusted = trust.kind === "list" ? rangesOf(trust.ranges) : null;
  for (let hop = 0; chain.length > 0; hop += 1) {
    if (trust.kind === "hops" ? hop >= trust.hops : !trusted!.check(current, familyOf(current))) break;
    const next = normalizeAddress(chain.pop());
    // A malformed entry breaks the chain: the last trustworthy address stands.
    if (!next) break;
    current = next;
  }
  return current;
}

function forwardedChain(header: string | undefined | null): string[] {
  return (header ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}

/** A bare IP address (IPv4-mapped IPv6 and ports removed), or null when it is not one. */
export function normalizeAddress(value: string | undefined | null): string | null {
  let address = value?.trim() ?? "";
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  return isIP(address) ? address.toLowerCase() : null;
}

function familyOf(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 4 ? "ipv4" : "ipv6";
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export function isLoopback(address: string): boolean {
  const normalized = normalizeAddress(address);
  return normalized !== null && LOOPBACK.check(normalized, familyOf(normalized));
}

const lists = new WeakMap<string[], BlockList>();
function rangesOf(ranges: string[]): BlockList {
  let list = lists.get(ranges);
  if (list) return list;
  list = new BlockList();
  for (const range of ranges) {
    if (range === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address, bits] = range.split("/");
    const family = familyOf(address!);
    if (bits === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(bits), family);
  }
  lists.set(ranges, list);
  return list;
}
