import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServerEnv } from "@/config/env";
import { jobs } from "@/server/db/schema/jobs";
import { SmsGatewayError, smsGatewaySender, toE164 } from "@/server/integrations/sms/sms-gateway";
import { getSmsSender, setSmsSender } from "@/server/integrations/sms/sms-outbox";
import { JOB_HANDLERS } from "@/server/jobs/handlers";
import { drainJobs } from "@/server/jobs/worker";
import { DOCUMENT_REQUEST_SMS_JOB } from "@/server/services/document-requests/create-document-request";
import { call } from "../../auth-helpers";
import { familyHeaders, linkOf, PROCEDURE_ID, REQUEST_BODY, seedFamily } from "../../document-requests-fixtures";
import { createTestApp, type TestContext } from "../../helpers/app";

/** A local stand-in for the SMS provider: what it received, and how it answers next. */
type Reply = { status: number; body?: unknown; delayMs?: number };
const received: { headers: IncomingMessage["headers"]; body: Record<string, unknown> }[] = [];
let reply: Reply = { status: 200, body: { id: "prov-1" } };
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(raw || "{}") as Record<string, unknown> });
      const answer = () => {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const gateway = (timeoutMs = 2000) => smsGatewaySender({ url, token: "test-token-123", sender: "Paisible", timeoutMs });

describe("smsGatewaySender against a local HTTP server", () => {
  it("posts the message as JSON with the bearer token and an idempotency key, and returns the provider's id", async () => {
    reply = { status: 201, body: { messages: [{ id: "abc-42" }] } };
    const sent = await gateway().send({ to: "06 12 34 56 78", text: "Bonjour", tag: "t" }, { idempotencyKey: "job:1" });
    expect(sent).toEqual({ id: "abc-42", transport: "gateway" });
    const last = received.at(-1)!;
    expect(last.headers.authorization).toBe("Bearer test-token-123");
    expect(last.headers["idempotency-key"]).toMatch(/^[0-9a-f]{40}$/);
    expect(last.body).toEqual({ to: "+33612345678", text: "Bonjour", sender: "Paisible", reference: last.headers["idempotency-key"] });
  });

  it.each([
    [503, true],
    [429, true],
    [408, true],
    [400, false],
    [401, false],
  ])("answers HTTP %i as a %s-retryable failure", async (status, retryable) => {
    reply = { status, body: { error: "nope", to: "+33612345678" } };
    const error = await gateway()
      .send({ to: "0612345678", text: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect((error as SmsGatewayError).retryable).toBe(retryable);
    expect((error as SmsGatewayError).code).toBe(`sms_gateway_http_${status}`);
    // Never the provider's body (it may quote the number).
    expect((error as Error).message).not.toContain("3361");
  });

  it("gives up after its timeout, as a retryable failure", async () => {
    reply = { status: 200, body: { id: "late" }, delayMs: 1000 };
    const error = await gateway(150)
      .send({ to: "0612345678", text: "x" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "sms_gateway_timeout", retryable: true });
  });

  it("treats a 2xx without an id as a failure to retry", async () => {
    reply = { status: 200, body: { ok: true } };
    await expect(gateway().send({ to: "0612345678", text: "x" })).rejects.toMatchObject({ code: "sms_gateway_bad_answer", retryable: true });
  });

  it("writes numbers in E.164", () => {
    expect(toE164("06.12.34.56.78")).toBe("+33612345678");
    expect(toE164("0044 20 7946 0958")).toBe("+442079460958");
    expect(toE164("+32 470 12 34 56")).toBe("+32470123456");
  });
});

describe("which SMS sender runs", () => {
  it("is the outbox by default and the gateway when SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN are set", async () => {
    reply = { status: 200, body: { id: "chosen" } };
    const env = parseServerEnv({ SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: "test-token-123", DATA_DIR: "/tmp/paisible-sms-choice" });
    expect(await getSmsSender(env).send({ to: "0612345678", text: "x" })).toEqual({ id: "chosen", transport: "gateway" });
    const outbox = parseServerEnv({ DATA_DIR: "/tmp/paisible-sms-choice" });
    expect((await getSmsSender(outbox).send({ to: "0612345678", text: "x" })).transport).toBe("outbox");
  });

  it("refuses a plain-http gateway that is not on this machine", () => {
    expect(() => parseServerEnv({ SMS_GATEWAY_URL: "http://sms.example.org/send" })).toThrow(/https/);
  });
});

describe("the document request SMS job through the gateway", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedFamily(ctx.db);
  });
  afterAll(async () => {
    setSmsSender(null);
    await ctx?.close();
  });

  async function queueOne(): Promise<number> {
    const created = await call(ctx.app, "POST", `/api/v1/administrative_procedures/${PROCEDURE_ID}/document_requests`, { body: REQUEST_BODY, headers: await familyHeaders(ctx.db, "owner") });
    expect(created.status).toBe(201);
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, `${DOCUMENT_REQUEST_SMS_JOB}:${(created.body as { data: { id: number } }).data.id}`));
    return job!.id;
  }

  it("retries a provider error later, then sends once it recovers", async () => {
    setSmsSender(gateway());
    const id = await queueOne();
    reply = { status: 503 };
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB] });
    let [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ state: "queued", attempts: 1, lastError: "sms_gateway_http_503" });

    reply = { status: 200, body: { id: "prov-ok" } };
    const count = received.length;
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB], now: () => new Date(Date.now() + 3600_000) });
    [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job!.state).toBe("done");
    expect(received.length).toBe(count + 1);
    expect(linkOf({ to: "", text: String(received.at(-1)!.body.text) }).code).toMatch(/^\d{6}$/);
  });

  it("sends a refused number straight to the dead jobs (no retry can fix it)", async () => {
    setSmsSender(gateway());
    const id = await queueOne();
    reply = { status: 400 };
    await drainJobs(ctx.db, { handlers: JOB_HANDLERS, kinds: [DOCUMENT_REQUEST_SMS_JOB] });
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ state: "dead", lastError: "sms_gateway_http_400" });
  });
});
