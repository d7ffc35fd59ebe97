import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { smsOutboxSender } from "@/server/integrations/sms/sms-outbox";
import { createTestApp, type TestContext } from "./helpers/app";

// The SMS outbox lives under DATA_DIR (read lazily by serverEnv()): this file gets its own.
const dataDir = mkdtempSync(join(tmpdir(), "paisible-sms-outbox-"));
process.env.DATA_DIR = dataDir;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const sender = smsOutboxSender(join(dataDir, "sms-outbox"));
  await sender.send({ to: "06 12 34 56 78", text: "Paisible – lien https://localhost/documents/sms/x Code : 123456.", tag: "document_request" }, { idempotencyKey: "k1" });
  await sender.send({ to: "06 12 34 56 78", text: "again", tag: "document_request" }, { idempotencyKey: "k1" });
  await sender.send({ to: "+32470123456", text: "autre" });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /api/dev/sms-outbox", () => {
  it("lists the text messages, newest first, one per idempotency key, to a browser on this machine", async () => {
    const answer = await ctx.app.request("/api/dev/sms-outbox", { headers: { [PEER_ADDRESS_HEADER]: peerStamp("127.0.0.1") } });
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { to: string; text: string }[] };
    expect(data.map((m) => m.text)).toEqual(["autre", "Paisible – lien https://localhost/documents/sms/x Code : 123456."]);
    const filtered = await ctx.app.request("/api/dev/sms-outbox?to=0612345678", { headers: { [PEER_ADDRESS_HEADER]: peerStamp("::1") } });
    expect(((await filtered.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it.each([
    ["a machine on the network", { [PEER_ADDRESS_HEADER]: peerStamp("192.168.1.20") }],
    ["an unknown connection", {}],
    ["a caller typing the internal header itself", { [PEER_ADDRESS_HEADER]: "127.0.0.1" }],
    ["a remote caller relayed by a local proxy", { [PEER_ADDRESS_HEADER]: peerStamp("127.0.0.1"), "x-forwarded-for": "203.0.113.4" }],
  ])("hides them from %s (404)", async (_who, headers) => {
    const answer = await ctx.app.request("/api/dev/sms-outbox", { headers });
    expect(answer.status).toBe(404);
  });
});
