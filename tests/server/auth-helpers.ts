import type { App } from "@/server/app";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { setAuthClock } from "@/server/services/auth/clock";

/** Shared by the auth API tests: the demo accounts, a movable clock and a tiny HTTP helper. */

export const DEMO_PASSWORD = "Demo-password-2026";
export const CLIENT_EMAIL = "client@demo.test";
export const ADVISOR_EMAIL = "conseiller@demo.test";

export type TokenSet = { "access-token": string; client: string; uid: string; expiry: string; "token-type": string };

/** A clock the tests move by hand (no sleeping). */
export function fakeClock(start = new Date()) {
  let now = start.getTime();
  setAuthClock(() => new Date(now));
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    restore() {
      setAuthClock(null);
    },
  };
}

let ipCounter = 1;
/** A distinct caller address, so tests do not share a rate-limit bucket. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = Record<string, unknown>>(
  app: App,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await app.request(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** The token headers of an answer, ready to send back. */
export function tokensOf(headers: Headers): TokenSet {
  return {
    "access-token": headers.get("access-token") ?? "",
    client: headers.get("client") ?? "",
    uid: headers.get("uid") ?? "",
    expiry: headers.get("expiry") ?? "",
    "token-type": headers.get("token-type") ?? "",
  };
}

export async function signIn(app: App, base: string, email: string, password = DEMO_PASSWORD, ip = freshIp()) {
  const result = await call<{ data: Record<string, unknown> }>(app, "POST", `${base}/sign_in`, {
    body: { email, password },
    // As server.mjs stamps it from the socket: the address the per-IP limit counts.
    headers: { [PEER_ADDRESS_HEADER]: peerStamp(ip) },
  });
  return { ...result, tokens: tokensOf(result.headers) };
}

/** Keeps a device's tokens up to date the way the browser client does (merging rotated headers). */
export function device(initial: TokenSet) {
  let tokens = { ...initial };
  return {
    get tokens() {
      return tokens;
    },
    headers(): Record<string, string> {
      return { "access-token": tokens["access-token"], client: tokens.client, uid: tokens.uid, "token-type": "Bearer" };
    },
    capture(headers: Headers) {
      const next = headers.get("access-token");
      if (next) tokens = { ...tokens, ...tokensOf(headers) };
    },
  };
}
