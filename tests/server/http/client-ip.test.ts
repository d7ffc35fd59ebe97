import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseServerEnv, type TrustProxy } from "@/config/env";
import { normalizeAddress, resolveClientAddress } from "@/server/http/client-ip";
import { PEER_ADDRESS_HEADER, peerStamp, readPeerAddress, stampPeerAddress } from "@/server/http/peer-address.mjs";
import { createTestApp, type TestContext } from "../helpers/app";
import { DEMO_PASSWORD, call, fakeClock } from "../auth-helpers";

const OFF: TrustProxy = { kind: "off" };
const trust = (value: string) => parseServerEnv({ TRUST_PROXY: value }).TRUST_PROXY;

describe("TRUST_PROXY", () => {
  it("is off by default and reads a number of hops or a list of addresses and ranges", () => {
    expect(parseServerEnv({}).TRUST_PROXY).toEqual(OFF);
    expect(trust("off")).toEqual(OFF);
    expect(trust("2")).toEqual({ kind: "hops", hops: 2 });
    expect(trust("10.0.0.0/8, 192.168.1.10 ,loopback,2001:db8::/32")).toEqual({
      kind: "list",
      ranges: ["10.0.0.0/8", "192.168.1.10", "loopback", "2001:db8::/32"],
    });
  });

  it("stops with a message naming the variable on a value it cannot read", () => {
    for (const bad of ["true", "11", "10.0.0.0/33", "proxy.internal", "10.0.0.1/8/2", "-1"]) {
      expect(() => parseServerEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("resolveClientAddress", () => {
  it("takes the connection's address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(resolveClientAddress("198.51.100.7", "1.2.3.4", OFF)).toBe("198.51.100.7");
    expect(resolveClientAddress("::ffff:198.51.100.7", undefined, OFF)).toBe("198.51.100.7");
    // Unknown connection (not behind server.mjs): no address rather than the caller's claim.
    expect(resolveClientAddress(undefined, "1.2.3.4", OFF)).toBeNull();
  });

  it("follows as many hops as configured, never further", () => {
    const one = trust("1");
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 203.0.113.9", one)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 203.0.113.9", trust("2"))).toBe("1.1.1.1");
    expect(resolveClientAddress("10.0.0.2", undefined, one)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "[2001:db8::5]:443", one)).toBe("2001:db8::5");
    expect(resolveClientAddress("10.0.0.2", "203.0.113.9:51234", one)).toBe("203.0.113.9");
  });

  it("follows X-Forwarded-For only through the listed proxies", () => {
    const list = trust("10.0.0.0/8,loopback");
    expect(resolveClientAddress("10.1.2.3", "203.0.113.9", list)).toBe("203.0.113.9");
    // Through two trusted proxies; the forged leftmost entry is not reached.
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.5", list)).toBe("203.0.113.9");
    // A caller that is not a listed proxy is its own address, whatever it sends.
    expect(resolveClientAddress("198.51.100.7", "10.0.0.1", list)).toBe("198.51.100.7");
    // A malformed entry ends the chain at the last proxy.
    expect(resolveClientAddress("10.1.2.3", "not-an-ip", list)).toBe("10.1.2.3");
  });

  it("reads only real IP addresses", () => {
    expect(normalizeAddress(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(normalizeAddress("[::1]:3000")).toBe("::1");
    expect(normalizeAddress("unknown")).toBeNull();
    expect(normalizeAddress("")).toBeNull();
  });
});

describe("server.mjs's connection stamp", () => {
  it("replaces a caller's copy of the internal header with the socket's address", async () => {
    let seen: IncomingHttpHeaders = {};
    let raw: string[] = [];
    const server = createServer((req, res) => {
      stampPeerAddress(req);
      seen = req.headers;
      raw = req.rawHeaders;
      res.end();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest({ port, host: "127.0.0.1", headers: { [PEER_ADDRESS_HEADER]: "203.0.113.66" } }, (res) => {
          res.resume();
          res.on("end", resolve);
        });
        req.on("error", reject);
        req.end();
      });
    } finally {
      server.close();
    }
    expect(readPeerAddress(seen[PEER_ADDRESS_HEADER] as string)).toBe("127.0.0.1");
    expect(raw.filter((v) => v === "203.0.113.66")).toEqual([]);
  });
});

describe("the connection stamp's key", () => {
  it("reads back only stamps this process wrote: a value typed by a caller is no address", () => {
    expect(readPeerAddress(peerStamp("192.0.2.1"))).toBe("192.0.2.1");
    expect(readPeerAddress("127.0.0.1")).toBeNull();
    expect(readPeerAddress("127.0.0.1 not-the-key-of-this-process")).toBeNull();
    expect(readPeerAddress(undefined)).toBeNull();
  });
});

describe("per-address sign-in limit, no proxy trusted (the default)", () => {
  let ctx: TestContext;
  let clock: ReturnType<typeof fakeClock> | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());
  afterEach(() => clock?.restore());

  it("still limits a script that sends a new X-Forwarded-For address on every attempt", async () => {
    clock = fakeClock(new Date(Date.now() + 86_400_000));
    const attempt = (i: number) =>
      call(ctx.app, "POST", "/api/v1/auth/sign_in", {
        body: { email: `inconnu-${i}@demo.test`, password: "whatever" },
        headers: { [PEER_ADDRESS_HEADER]: peerStamp("198.51.100.23"), "x-forwarded-for": `203.0.113.${i + 1}` },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt(i)).status).toBe(401);
    const blocked = await call(ctx.app, "POST", "/api/v1/pro/auth/sign_in", {
      body: { email: "conseiller@demo.test", password: DEMO_PASSWORD },
      headers: { [PEER_ADDRESS_HEADER]: peerStamp("198.51.100.23"), "x-forwarded-for": "192.0.2.200" },
    });
    expect(blocked.status).toBe(429);
  });
});
