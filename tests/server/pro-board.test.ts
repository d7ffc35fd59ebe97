import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealEvents, dealSteps, deals } from "@/server/db/schema/deals";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { setMailer } from "@/server/integrations/mail/mailer";
import { dealStatistics, statisticsPeriod } from "@/server/services/statistics/statistics";
import { createTestApp, getJson, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";
import { assignDeal, businessUserId, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";

/**
 * What the board, the team page and the statistics page read (issue 14): the deal list's
 * sort and columns, the team's open deals, and the aggregated statistics with no personal data.
 */
interface Row {
  id: number;
  kind: string;
  state: string;
  client: { lastname: string | null } | null;
  defunct: { lastname: string | null } | null;
  death_city: { name: string } | null;
  advisor: { id: number; firstname: string; lastname: string } | null;
  ceremony_at: number | null;
}
interface Page {
  data: Row[];
  meta: { total_count: number };
}

let ctx: TestContext;
let advisorHeaders: Record<string, string>;
const quiet: Mailer = { send: async () => ({ id: "0", transport: "outbox" }) };
let alpha: BackOfficeDeal;
let beta: BackOfficeDeal;
let gamma: BackOfficeDeal;
let advisorId = 0;
let directorId = 0;
const CEREMONY = new Date("2026-04-10T09:30:00Z");

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(quiet);
  alpha = await submittedDeal(ctx, "alpha.famille@example.org", { firstname: "Agnès", lastname: "Zola" });
  beta = await submittedDeal(ctx, "beta.famille@example.org", { firstname: "Bruno", lastname: "Abadie" });
  gamma = await submittedDeal(ctx, "gamma.famille@example.org", { firstname: "Chloé", lastname: "Martin" });
  advisorId = await businessUserId(ctx, "conseiller@demo.test");
  directorId = await businessUserId(ctx, "directeur@demo.test");
  await assignDeal(ctx, alpha.id, advisorId);
  await assignDeal(ctx, beta.id, directorId);
  await ctx.db.insert(dealSteps).values({ dealId: beta.id, stepType: "ceremony", scheduledAt: CEREMONY, position: 9 });
  // alpha ordered at 4 200,00 €, beta lost after its quote, gamma still at its quote.
  await ctx.db.update(deals).set({ state: "signed", totalCents: 420_000 }).where(eq(deals.id, alpha.id));
  await ctx.db.update(deals).set({ state: "lost" }).where(eq(deals.id, beta.id));
  await ctx.db.insert(dealEvents).values({ dealId: beta.id, kind: "state", fromValue: "quote_sent", toValue: "lost" });
  advisorHeaders = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
}, 60_000);
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

async function list(query: string, headers = advisorHeaders) {
  const { status, body } = await getJson<Page>(ctx.app, `/api/v1/deals?${query}`, headers);
  expect(status).toBe(200);
  return body;
}

describe("GET /api/v1/deals: the board's columns and sort", () => {
  it("answers the commune, the advisor in charge and the ceremony date of each deal", async () => {
    const body = await list("per_page=10");
    const byId = new Map(body.data.map((row) => [row.id, row]));
    expect(byId.get(alpha.id)).toMatchObject({ death_city: { name: "Lyon" }, advisor: { id: advisorId, lastname: expect.any(String) }, ceremony_at: null });
    expect(byId.get(beta.id)).toMatchObject({ advisor: { id: directorId }, ceremony_at: Math.floor(CEREMONY.getTime() / 1000) });
    expect(byId.get(gamma.id)?.advisor).toBeNull();
  });

  it("is newest first by default and sorts every column both ways, server-side", async () => {
    expect((await list("")).data.map((row) => row.id)).toEqual([gamma.id, beta.id, alpha.id]);
    expect((await list("sort=client&direction=asc")).data.map((row) => row.client?.lastname)).toEqual(["Abadie", "Martin", "Zola"]);
    expect((await list("sort=client&direction=desc")).data.map((row) => row.client?.lastname)).toEqual(["Zola", "Martin", "Abadie"]);
    expect((await list("sort=number&direction=asc")).data.map((row) => row.id)).toEqual([alpha.id, beta.id, gamma.id]);
    expect((await list("sort=state&direction=asc")).data.map((row) => row.state)).toEqual(["lost", "quote_sent", "signed"]);
    // Blanks last either way: the deal without a ceremony comes after the one with.
    expect((await list("sort=ceremony_at&direction=asc")).data[0]!.id).toBe(beta.id);
    expect((await list("sort=ceremony_at&direction=desc")).data[0]!.id).toBe(beta.id);
    expect((await list("sort=advisor&direction=asc")).data.at(-1)!.id).toBe(gamma.id);
    for (const sort of ["kind", "defunct", "commune", "created_at"]) expect((await list(`sort=${sort}`)).data).toHaveLength(3);
  });

  it("refuses an unknown sort or direction with its code", async () => {
    const bad = await getJson<{ errors: string[] }>(ctx.app, "/api/v1/deals?sort=email&direction=up", advisorHeaders);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(expect.arrayContaining(["sort__invalid", "direction__invalid"]));
  });

  it("lets a partner professional sort only by what they see", async () => {
    const pro = await signInHeaders(ctx.db, "business_user", "pro@demo.test");
    const proId = await businessUserId(ctx, "pro@demo.test");
    await assignDeal(ctx, gamma.id, proId);
    const body = await list("sort=client&direction=asc", pro);
    expect(body.data.map((row) => [row.id, row.client, row.death_city])).toEqual([[gamma.id, null, null]]);
    await assignDeal(ctx, gamma.id, null);
  });

  it("searches the defunct, the client, the commune and the number", async () => {
    expect((await list("q=Zola")).data.map((row) => row.id)).toEqual([alpha.id]);
    expect((await list("q=Henri")).meta.total_count).toBe(3);
    expect((await list("q=lyon")).meta.total_count).toBe(3);
    expect((await list(`q=${beta.id}`)).data.map((row) => row.id)).toEqual([beta.id]);
  });
});

describe("GET /api/v1/users/funeral_team", () => {
  it("counts each member's open deals in charge, leaving lost, cancelled and closed ones out", async () => {
    const { body } = await getJson<{ data: Array<{ id: number; open_deals: number }> }>(ctx.app, "/api/v1/users/funeral_team", advisorHeaders);
    const byId = new Map(body.data.map((member) => [member.id, member.open_deals]));
    expect(byId.get(advisorId)).toBe(1);
    // The director's only deal is lost.
    expect(byId.get(directorId)).toBe(0);
  });
});

describe("GET /api/v1/statistics", () => {
  it("counts the period's deals by state, kind and ISO week, with the conversion and the average basket", async () => {
    const guest = await signInHeaders(ctx.db, "business_user", "analyste@demo.test");
    const { status, body } = await getJson<{ data: Record<string, unknown> }>(ctx.app, "/api/v1/statistics", guest);
    expect(status).toBe(200);
    const data = body.data as {
      total_deals: number;
      by_state: Array<{ state: string; count: number }>;
      by_kind: Array<{ kind: string; count: number }>;
      by_week: Array<{ week: string; count: number }>;
      quote_conversion: unknown;
      average_basket: unknown;
    };
    expect(data.total_deals).toBe(3);
    expect(Object.fromEntries(data.by_state.map((row) => [row.state, row.count]))).toEqual({ signed: 1, lost: 1, quote_sent: 1 });
    expect(data.by_kind).toEqual([
      { kind: "funeral", count: 3 },
      { kind: "item", count: 0 },
      { kind: "marble", count: 0 },
    ]);
    expect(data.by_week).toHaveLength(12);
    expect(data.by_week.reduce((sum, week) => sum + week.count, 0)).toBe(3);
    expect(data.quote_conversion).toEqual({ quotes: 3, ordered: 1, rate_bp: 3333 });
    expect(data.average_basket).toEqual({ orders: 1, average_cents: 420_000 });
  });

  it("holds no name, e-mail, phone, commune, address nor deal id of the seeded families", async () => {
    const director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
    const response = await ctx.app.request("/api/v1/statistics", { headers: director });
    const text = await response.text();
    for (const personal of ["Zola", "Abadie", "Martin", "Agnès", "Henri", "Bernard", "example.org", "0611223344", "Lyon", alpha.uuid, beta.uuid, gamma.uuid]) expect(text).not.toContain(personal);
    expect(text).not.toMatch(/"(id|deal_id|uuid|email|phone|firstname|lastname|address)"/);
  });

  it("takes a period (Paris days) and refuses a reversed or too long one", async () => {
    const director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
    const empty = await getJson<{ data: { total_deals: number; by_week: unknown[]; quote_conversion: { rate_bp: number | null }; average_basket: { average_cents: number | null } } }>(
      ctx.app,
      "/api/v1/statistics?from=2020-01-01&to=2020-01-31",
      director,
    );
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ total_deals: 0, quote_conversion: { rate_bp: null }, average_basket: { average_cents: null } });
    expect(empty.body.data.by_week).toHaveLength(5);
    const reversed = await getJson<{ errors: string[] }>(ctx.app, "/api/v1/statistics?from=2026-02-01&to=2026-01-01", director);
    expect([reversed.status, reversed.body.errors]).toEqual([422, ["statistics__period__reversed"]]);
    const long = await getJson<{ errors: string[] }>(ctx.app, "/api/v1/statistics?from=2020-01-01&to=2026-01-01", director);
    expect([long.status, long.body.errors]).toEqual([422, ["statistics__period__too_long"]]);
    const garbage = await getJson<{ errors: string[] }>(ctx.app, "/api/v1/statistics?from=yesterday", director);
    expect([garbage.status, garbage.body.errors]).toEqual([422, ["statistics__from__invalid"]]);
  });

  it("defaults to the 12 ISO weeks up to today", () => {
    expect(statisticsPeriod({}, new Date("2026-11-25T12:00:00Z"))).toEqual({ from: "2026-09-07", to: "2026-11-25" });
  });

  it("is computed the same by the service as by the route", async () => {
    const figures = await dealStatistics(ctx.db, { from: "2020-01-06", to: "2020-01-12" });
    expect(figures.by_week).toEqual([{ week: "2020-W02", starts_on: "2020-01-06", count: 0 }]);
  });
});

describeAuthorizationMatrix(
  "board, team and statistics",
  () => ctx,
  [
    { request: "GET /api/v1/deals?sort=client&direction=asc", expect: { visitor: 401, client: 200, admin: 200, director: 200, advisor: 200, guest: 403, pro: 200, forged: 401, borrowed: 401 } },
    { request: "GET /api/v1/users/funeral_team", expect: { visitor: 401, client: 401, admin: 200, director: 200, advisor: 200, guest: 403, pro: 403, forged: 401 } },
    { request: "GET /api/v1/statistics", expect: { visitor: 401, client: 401, admin: 200, director: 200, advisor: 403, guest: 200, pro: 403, forged: 401, borrowed: 401 } },
    { request: "GET /api/v1/notifications/count", expect: { visitor: 401, client: 401, admin: 200, director: 200, advisor: 200, guest: 200, pro: 200 } },
  ],
);
