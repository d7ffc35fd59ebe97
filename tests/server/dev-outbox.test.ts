import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServerEnv } from "@/config/env";
import { canReadDevOutbox, isPublicDeployment } from "@/server/http/dev-access";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { outboxMailer } from "@/server/integrations/mail/outbox";
import { createTestApp, type TestContext } from "./helpers/app";

// The outbox lives under DATA_DIR (read lazily by serverEnv()): give this file its own, with one message.
const dataDir = mkdtempSync(join(tmpdir(), "paisible-dev-outbox-"));
process.env.DATA_DIR = dataDir;

let ctx: TestContext;
let id = "";
beforeAll(async () => {
  ctx = await createTestApp();
  id = (await outboxMailer(join(dataDir, "outbox"), "Paisible <bonjour@paisible.test>").send({ to: "famille@exemple.fr", subject: "Lien", text: "t", html: "<p>t</p>", locale: "fr", tag: "test" })).id;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Who may read the development mail reader; the connection is what server.mjs stamps from the socket.
const MATRIX: { who: string; headers: Record<string, string>; status: 200 | 404 }[] = [
  { who: "a browser on this machine (IPv4 loopback)", headers: { [PEER_ADDRESS_HEADER]: peerStamp("127.0.0.1") }, status: 200 },
  { who: "a browser on this machine (IPv6 loopback)", headers: { [PEER_ADDRESS_HEADER]: peerStamp("::1") }, status: 200 },
  { who: "a browser on this machine (IPv4-mapped)", headers: { [PEER_ADDRESS_HEADER]: peerStamp("::ffff:127.0.0.1"), "x-forwarded-for": "127.0.0.1" }, status: 200 },
  { who: "an unknown connection (no socket address)", headers: {}, status: 404 },
  { who: "a caller typing the internal header itself (next start, no server.mjs)", headers: { [PEER_ADDRESS_HEADER]: "127.0.0.1" }, status: 404 },
  { who: "a machine on the network", headers: { [PEER_ADDRESS_HEADER]: peerStamp("192.168.1.20") }, status: 404 },
  { who: "a machine on the network claiming loopback in X-Forwarded-For", headers: { [PEER_ADDRESS_HEADER]: peerStamp("192.168.1.20"), "x-forwarded-for": "127.0.0.1" }, status: 404 },
  { who: "a caller without a socket claiming loopback in X-Real-IP", headers: { "x-real-ip": "127.0.0.1", "x-forwarded-for": "127.0.0.1" }, status: 404 },
  { who: "a remote caller relayed by a proxy on this machine", headers: { [PEER_ADDRESS_HEADER]: peerStamp("127.0.0.1"), "x-forwarded-for": "203.0.113.4" }, status: 404 },
  { who: "a remote caller relayed with Forwarded", headers: { [PEER_ADDRESS_HEADER]: peerStamp("127.0.0.1"), forwarded: "for=203.0.113.4" }, status: 404 },
];

describe("GET /api/dev/outbox access (NODE_ENV=test, SITE_URL on localhost)", () => {
  for (const row of MATRIX) {
    it(`${row.status === 200 ? "serves" : "hides from"} ${row.who}`, async () => {
      const list = await ctx.app.request("/api/dev/outbox", { headers: row.headers });
      expect(list.status).toBe(row.status);
      const one = await ctx.app.request(`/api/dev/outbox/${id}`, { headers: row.headers });
      expect(one.status).toBe(row.status);
      if (row.status === 200) expect(JSON.stringify(await list.json())).toContain("famille@exemple.fr");
      else expect(await list.json()).toEqual({ error: "Not Found", message: "not_found" });
    });
  }
});

describe("canReadDevOutbox", () => {
  const probe = (env: Parameters<typeof canReadDevOutbox>[1], headers: Record<string, string>) => {
    const app = new Hono().get("/", (c) => c.text(String(canReadDevOutbox(c, env))));
    return Promise.resolve(app.request("/", { headers })).then((r) => r.text());
  };
  const remote = { [PEER_ADDRESS_HEADER]: peerStamp("203.0.113.8") };
  const local = { [PEER_ADDRESS_HEADER]: peerStamp("127.0.0.1") };

  it("opens to any caller only with the explicit development setting", async () => {
    const dev = parseServerEnv({ NODE_ENV: "development" });
    expect(await probe(dev, remote)).toBe("false");
    expect(await probe(dev, local)).toBe("true");
    expect(await probe({ ...dev, DEV_OUTBOX_ACCESS: "open" }, remote)).toBe("true");
  });

  it("never opens on a production build serving a public host, not even to loopback or with the setting", async () => {
    const prod = parseServerEnv({ NODE_ENV: "production", SITE_URL: "https://paisible.fr", DEV_OUTBOX_ACCESS: "open" });
    expect(isPublicDeployment(prod)).toBe(true);
    expect(await probe(prod, local)).toBe("false");
    expect(await probe(prod, remote)).toBe("false");
    // npm start on a laptop: a production build on localhost, readable from the laptop only.
    const laptop = parseServerEnv({ NODE_ENV: "production", SITE_URL: "http://localhost:3000" });
    expect(await probe(laptop, local)).toBe("true");
    expect(await probe(laptop, remote)).toBe("false");
  });

  it("rejects a setting it does not know", () => {
    expect(() => parseServerEnv({ DEV_OUTBOX_ACCESS: "yes" })).toThrow(/DEV_OUTBOX_ACCESS/);
  });
});
