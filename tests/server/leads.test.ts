import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "@/server/db/schema/content";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { businessUsers, clients } from "@/server/db/schema/users";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";

/** The funeral team's work on call-back requests: filters, assignment, the call, the conversion into a deal. */
let ctx: TestContext;
let advisor: Record<string, string>;
let director: Record<string, string>;
let advisorId = 0;
let proId = 0;

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await ctx.app.request(path, { method, headers: { ...headers, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as ReturnType<typeof JSON.parse> };
}

async function newLead(values: Partial<typeof leads.$inferInsert> = {}) {
  const response = await call("POST", "/api/v1/leads", {}, { lastname: "Rappel", firstname: "Jeanne", phone: "0611223344", contact_channel: "phone", ...values });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

beforeAll(async () => {
  ctx = await createTestApp();
  advisor = await signInHeaders(ctx.db, "business_user", "conseiller@demo.test");
  director = await signInHeaders(ctx.db, "business_user", "directeur@demo.test");
  const [a] = await ctx.db.select({ id: businessUsers.id }).from(businessUsers).where(eq(businessUsers.email, "conseiller@demo.test"));
  const [p] = await ctx.db.select({ id: businessUsers.id }).from(businessUsers).where(eq(businessUsers.email, "pro@demo.test"));
  advisorId = a!.id;
  proId = p!.id;
}, 60_000);
afterAll(async () => ctx?.close());

describe("leads, pro side", () => {
  it("lists newest first with state, kind, holder and day filters, paginated", async () => {
    const first = await newLead({ kind: "flowers" } as never);
    const second = await newLead();
    const all = await call("GET", "/api/v1/leads?per_page=1", advisor);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(1);
    expect(all.body.data[0].id).toBe(second);
    expect(all.body.meta.total_count).toBeGreaterThanOrEqual(2);
    const flowers = await call("GET", "/api/v1/leads?kind=flowers", advisor);
    expect(flowers.body.data.map((l: { id: number }) => l.id)).toContain(first);
    expect(flowers.body.data.every((l: { kind: string }) => l.kind === "flowers")).toBe(true);
    const unassigned = await call("GET", "/api/v1/leads?assigned=none&state=new", advisor);
    expect(unassigned.body.data.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([first, second]));
    const future = await call("GET", "/api/v1/leads?from=2999-01-01", advisor);
    expect(future.body.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const upToToday = await call("GET", `/api/v1/leads?to=${today}`, advisor);
    expect(upToToday.body.data.map((l: { id: number }) => l.id)).toContain(second);
    expect((await call("GET", "/api/v1/leads?from=2026-13-45", advisor)).body.errors).toContain("lead__from__invalid");
  });

  it("assigns to an active director or advisor only, and filters on the holder", async () => {
    const id = await newLead();
    const toPro = await call("PUT", `/api/v1/leads/${id}/assign`, director, { business_user_id: proId });
    expect(toPro.status).toBe(422);
    expect(toPro.body.errors).toEqual(["lead__business_user_id__not_assignable"]);
    const assigned = await call("PUT", `/api/v1/leads/${id}/assign`, director, { business_user_id: advisorId });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.assigned_to).toMatchObject({ id: advisorId, name: "Nadia Benali" });
    expect(assigned.body.data.assigned_at).toEqual(expect.any(Number));
    const mine = await call("GET", "/api/v1/leads?assigned=me", advisor);
    expect(mine.body.data.map((l: { id: number }) => l.id)).toContain(id);
    const byId = await call("GET", `/api/v1/leads?assigned=${advisorId}`, director);
    expect(byId.body.data.map((l: { id: number }) => l.id)).toContain(id);
  });

  it("records who called, when, and the note", async () => {
    const id = await newLead();
    const called = await call("POST", `/api/v1/leads/${id}/called`, advisor, { note: "Rappelée, souhaite un devis crémation." });
    expect(called.status).toBe(200);
    expect(called.body.data).toMatchObject({ state: "called", call_note: "Rappelée, souhaite un devis crémation.", called_by: { id: advisorId } });
    expect(called.body.data.called_at).toEqual(expect.any(Number));
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, id));
    expect(row!.handledAt).not.toBeNull();
    const tooLong = await call("POST", `/api/v1/leads/${id}/called`, advisor, { note: "x".repeat(2001) });
    expect(tooLong.status).toBe(422);
  });

  it("converts into a funeral deal owned by the contact, without password, once only", async () => {
    const id = await newLead({ email: "famille.rappel@example.test", contact_channel: "email" } as never);
    await call("PUT", `/api/v1/leads/${id}/assign`, director, { business_user_id: advisorId });
    const converted = await call("POST", `/api/v1/leads/${id}/convert`, director);
    expect(converted.status).toBe(201);
    const dealId = converted.body.data.deal_id as number;
    expect(converted.body.data.state).toBe("converted");
    const [deal] = await ctx.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ kind: "funeral", state: "draft", advisorId, demo: false, quote: null });
    const [ability] = await ctx.db.select().from(dealAbilities).where(eq(dealAbilities.dealId, dealId));
    expect(ability!.role).toBe("owner");
    const [owner] = await ctx.db.select().from(clients).where(eq(clients.id, ability!.clientId));
    expect(owner).toMatchObject({ email: "famille.rappel@example.test", lastname: "Rappel", firstname: "Jeanne", passwordHash: null });

    const again = await call("POST", `/api/v1/leads/${id}/convert`, advisor);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual(["lead__deal__already_converted"]);
    expect((await call("POST", `/api/v1/leads/${id}/called`, advisor, { note: "x" })).body.errors).toEqual(["lead__state__converted"]);
    // The board sees the new deal.
    expect((await call("GET", `/api/v1/deals/${dealId}`, director)).status).toBe(200);
  });

  it("refuses two conversions racing for the same lead", async () => {
    const id = await newLead();
    const results = await Promise.all([call("POST", `/api/v1/leads/${id}/convert`, advisor), call("POST", `/api/v1/leads/${id}/convert`, director)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const made = await ctx.db.select({ id: leads.dealId }).from(leads).where(eq(leads.id, id));
    expect(made[0]!.id).not.toBeNull();
  });

  it("attaches the account that already holds the address instead of creating a second one", async () => {
    const id = await newLead({ email: "client@demo.test", contact_channel: "email" } as never);
    const converted = await call("POST", `/api/v1/leads/${id}/convert`, advisor);
    expect(converted.status).toBe(201);
    const [ability] = await ctx.db.select().from(dealAbilities).where(eq(dealAbilities.dealId, converted.body.data.deal_id));
    const [owner] = await ctx.db.select({ email: clients.email }).from(clients).where(eq(clients.id, ability!.clientId));
    expect(owner!.email).toBe("client@demo.test");
    // The advisor converting an unassigned lead takes the deal.
    const [deal] = await ctx.db.select({ advisorId: deals.advisorId }).from(deals).where(eq(deals.id, converted.body.data.deal_id));
    expect(deal!.advisorId).toBe(advisorId);
  });
});
