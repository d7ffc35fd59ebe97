import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunnelDealView } from "@/domain/schemas/funeral-quote";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { setMailer } from "@/server/integrations/mail/mailer";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";

interface DealSummary {
  id: number;
  uuid: string;
  kind: string;
  state: string;
  total_cents: number | null;
  client: { email: string | null; firstname: string | null } | null;
  defunct: { lastname: string | null; death_date: string | null } | null;
  contact_channel: string | null;
}
interface Page {
  data: DealSummary[];
  meta: { page: number; per_page: number; total_count: number; total_pages: number };
}
interface DealDetail {
  data: {
    id: number;
    uuid: string;
    state: string;
    client: { email: string | null } | null;
    defunct: { firstname: string | null; lastname: string | null; death_city: { name: string } | null } | null;
    deal_steps: Array<{ step_type: string; mode: string }>;
    quote: { totals: { totalTtc: number } };
    funnel: { answers: Record<string, unknown>; contact_channel: string | null } | null;
    tracking: { tracking_type: string | null; utm_source: string | null } | null;
    commentary?: string | null;
  };
}

let ctx: TestContext;
const quiet: Mailer = { send: async () => ({ id: "0", transport: "outbox" }) };
const created: FunnelDealView[] = [];

async function funnel(body: unknown): Promise<FunnelDealView> {
  const response = await ctx.app.request("/api/v1/funeral_funnel/deals", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return (await response.json()) as FunnelDealView;
}

const ANSWERS = { situation: "death-occurred", placeOfDeath: "home", deathCommuneInsee: "69123", deathDate: "2026-02-10", disposition: "burial", finalRestingPlace: "family-grave" } as const;

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(quiet);
  created.push(await funnel({ answers: { situation: "death-occurred" } }));
  created.push(
    await funnel({
      answers: ANSWERS,
      client: { firstname: "Lucie", lastname: "Bernard", email: "lucie.bernard@example.org", phone: "0611223344", contact_channel: "phone", consent: true },
      defunct: { firstname: "Henri", lastname: "Bernard" },
      tracking: { tracking_type: "msclkid", tracking_id: "m-1", utm_source: "bing", consent: true },
      submit: true,
    }),
  );
  created.push(await funnel({ answers: { situation: "planning-ahead", disposition: "cremation" } }));
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

describe("GET /api/v1/deals", () => {
  it("lists deals newest first for an advisor, with the client and the defunct", async () => {
    const headers = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
    const { status, body } = await getJson<Page>(ctx.app, "/api/v1/deals?per_page=2", headers);
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ page: 1, per_page: 2, total_count: 3, total_pages: 2 });
    expect(body.data.map((d) => d.uuid)).toEqual([created[2]!.uuid, created[1]!.uuid]);
    const next = await getJson<Page>(ctx.app, "/api/v1/deals?per_page=2&page=2", headers);
    expect(next.body.data.map((d) => d.uuid)).toEqual([created[0]!.uuid]);
    expect(body.data[1]).toMatchObject({
      kind: "funeral",
      state: "quote_sent",
      contact_channel: "phone",
      client: { email: "lucie.bernard@example.org", firstname: "Lucie" },
      defunct: { lastname: "Bernard", death_date: "2026-02-10" },
    });
  });

  it("filters by state", async () => {
    const headers = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
    const sent = await getJson<Page>(ctx.app, "/api/v1/deals?state=quote_sent", headers);
    expect(sent.body.data.map((d) => d.uuid)).toEqual([created[1]!.uuid]);
    const drafts = await getJson<Page>(ctx.app, "/api/v1/deals?state=draft", headers);
    expect(drafts.body.meta.total_count).toBe(2);
    const bad = await getJson(ctx.app, "/api/v1/deals?state=DROP%20TABLE", headers);
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ error: "Unprocessable Entity", errors: ["state__invalid"] });
  });

  it("shows a client only the deals they hold an ability on", async () => {
    const headers = await signInHeaders(ctx.db, "client", "client@demo.test");
    const { status, body } = await getJson<Page>(ctx.app, "/api/v1/deals", headers);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.total_count).toBe(0);
  });

});

// Visitors are refused (401), business roles without access to families' details too (403);
// a client reads their own deals only (another's deal is a 404, not a 403).
describeAuthorizationMatrix("deals", () => ctx, [
  { request: "GET /api/v1/deals", expect: { visitor: 401, client: 200, admin: 200, director: 200, advisor: 200, guest: 403, pro: 200, forged: 401, borrowed: 401 } },
  { request: "GET /api/v1/deals/999999", expect: { visitor: 401, client: 404, admin: 404, advisor: 404, guest: 403, pro: 403, forged: 401 } },
]);

describe("GET /api/v1/deals/{id}", () => {
  async function idOf(uuid: string): Promise<number> {
    const headers = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
    const { body } = await getJson<Page>(ctx.app, "/api/v1/deals?per_page=100", headers);
    return body.data.find((d) => d.uuid === uuid)!.id;
  }

  it("gives an advisor the client, defunct, steps, quote and attribution", async () => {
    const id = await idOf(created[1]!.uuid);
    const headers = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
    const { status, body } = await getJson<DealDetail>(ctx.app, `/api/v1/deals/${id}`, headers);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      uuid: created[1]!.uuid,
      state: "quote_sent",
      client: { email: "lucie.bernard@example.org" },
      defunct: { firstname: "Henri", lastname: "Bernard", death_city: { name: "Lyon" } },
      funnel: { contact_channel: "phone", answers: ANSWERS },
      tracking: { tracking_type: "msclkid", utm_source: "bing" },
    });
    expect(body.data.quote.totals.totalTtc).toBe(created[1]!.quote.totals.totalTtc);
    expect(body.data.deal_steps.map((s) => s.step_type)).toEqual(expect.arrayContaining(["death", "casketing", "closing", "interment"]));
    expect(body.data.deal_steps.every((s) => s.mode === "auto")).toBe(true);
  });

  it("lets the owner read their deal, without the advisors' notes or the attribution", async () => {
    const id = await idOf(created[1]!.uuid);
    // The funnel created Lucie without a password; a session proves her identity all the same.
    const headers = await signInHeaders(ctx.db, "client", "lucie.bernard@example.org");
    const { status, body } = await getJson<DealDetail>(ctx.app, `/api/v1/deals/${id}`, headers);
    expect(status).toBe(200);
    expect(body.data.client?.email).toBe("lucie.bernard@example.org");
    expect(body.data.tracking).toBeNull();
    expect(body.data).not.toHaveProperty("commentary");
  });

  it("answers 404 to a client for someone else's deal, and for a deal that does not exist", async () => {
    const id = await idOf(created[1]!.uuid);
    const other = await signInHeaders(ctx.db, "client", "client@demo.test");
    expect((await getJson(ctx.app, `/api/v1/deals/${id}`, other)).status).toBe(404);
    const admin = await signInHeaders(ctx.db, "business_user", "admin@demo.test");
    expect((await getJson(ctx.app, "/api/v1/deals/999999", admin)).status).toBe(404);
    expect(await getJson(ctx.app, "/api/v1/deals/abc", admin)).toMatchObject({ status: 422, body: { errors: ["id__invalid"] } });
  });
});
