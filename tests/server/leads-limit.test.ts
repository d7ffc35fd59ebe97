import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { leads } from "@/server/db/schema/content";
import { PEER_ADDRESS_HEADER, peerStamp } from "@/server/http/peer-address.mjs";
import { LEADS_PER_ADDRESS } from "@/server/routes/leads";
import { createTestApp, type TestContext } from "./helpers/app";

/** The call-back request is on every page (the assistant's advisor hand-off): one address cannot flood the advisors' queue. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const lead = { kind: "other", lastname: "Martin", phone: "06 12 34 56 78", contact_channel: "phone" };
const from = (ip: string) =>
  ctx.app.request("/api/v1/leads", { method: "POST", headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: peerStamp(ip) }, body: JSON.stringify(lead) });

describe("POST /api/v1/leads per caller address", () => {
  it(`records ${LEADS_PER_ADDRESS} requests an hour from one address, then answers 429 rate_limited and stores nothing more`, async () => {
    for (let i = 0; i < LEADS_PER_ADDRESS; i++) expect((await from("192.0.2.40")).status).toBe(201);
    const [before] = await ctx.db.select({ n: count() }).from(leads);
    const refused = await from("192.0.2.40");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Too Many Requests", message: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const [after] = await ctx.db.select({ n: count() }).from(leads);
    expect(after!.n).toBe(before!.n);
    // Another family is not held back by the first one's requests.
    expect((await from("192.0.2.41")).status).toBe(201);
  });
});
