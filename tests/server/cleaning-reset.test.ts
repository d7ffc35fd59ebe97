import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "@/domain/roles";
import type { CleaningReport } from "@/domain/schemas/cleaning";
import { perkUsages, perks, reviews } from "@/server/db/schema/content";
import { dealSteps, deals } from "@/server/db/schema/deals";
import { entityInvoices } from "@/server/db/schema/invoices";
import { crematoriums, graveyards } from "@/server/db/schema/partners";
import { products } from "@/server/db/schema/catalog";
import { businessUsers, clients } from "@/server/db/schema/users";
import { defuncts } from "@/server/db/schema/procedures";
import { createDeal } from "@/server/services/deals/create-deal";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { describeAuthorizationMatrix } from "./helpers/authorization-matrix";

/**
 * The cleaning reset: admin only, a dry run listing per table what would go, a confirmed run
 * clearing the demo rows in one transaction while every real row survives (a deal, a client,
 * a review, a partner, an invoice), and demo rows still used by real ones kept and reported.
 */
let ctx: TestContext;
let realAdmin: Record<string, string>;
const real = { clientId: 0, dealId: 0, reviewId: 0, crematoriumId: 0, invoiceId: 0, demoCrematoriumId: 0, demoGraveyardId: 0, demoPerkId: 0, demoDealId: 0 };

async function reset(headers: Record<string, string>, body: unknown): Promise<{ status: number; body: CleaningReport & { errors?: string[] } }> {
  const response = await ctx.app.request("/api/v1/cleaning/reset", { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as CleaningReport & { errors?: string[] } };
}

const newDeal = (demo: boolean, ownerId: number | null) =>
  createDeal(ctx.db, {
    kind: "funeral",
    state: "draft",
    quote: null,
    totalCents: 0,
    demo,
    newOwner: null,
    existingOwnerId: ownerId,
    defunct: { civility: null, firstname: null, lastname: demo ? "Démo" : "Réel", deathDate: null, deathCityhallId: null },
    setting: { key: "test", value: {} },
    tracking: null,
    steps: [],
    resumeTokenHash: `hash-${demo}-${Math.random()}`,
    jobs: null,
    now: new Date(),
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const [admin] = await ctx.db.insert(businessUsers).values({ email: "admin.reelle@example.org", firstname: "Alice", lastname: "Réelle", role: ROLES.ADMIN, passwordHash: "x" }).returning({ id: businessUsers.id });
  expect(admin!.id).toBeGreaterThan(0);
  realAdmin = await signInHeaders(ctx.db, "business_user", "admin.reelle@example.org");

  const [client] = await ctx.db.insert(clients).values({ email: "famille.reelle@example.org", firstname: "Paul", lastname: "Réel" }).returning({ id: clients.id });
  real.clientId = client!.id;
  const deal = await newDeal(false, real.clientId);
  real.dealId = deal.id;
  const [demoCrematorium] = await ctx.db.select({ id: crematoriums.id }).from(crematoriums).where(eq(crematoriums.demo, true)).limit(1);
  const [demoGraveyard] = await ctx.db.select({ id: graveyards.id, name: graveyards.name }).from(graveyards).where(eq(graveyards.demo, true)).limit(1);
  real.demoCrematoriumId = demoCrematorium!.id;
  real.demoGraveyardId = demoGraveyard!.id;
  // The real deal's ceremony takes place at a demo crematorium: that partner must stay.
  await ctx.db.insert(dealSteps).values({ dealId: real.dealId, stepType: "cremation", position: 1, locationType: "Crematorium", locationId: real.demoCrematoriumId, mode: "manual" } as never);
  // A demo deal with its own step at the same crematorium goes entirely.
  const demoDeal = await newDeal(true, null);
  real.demoDealId = demoDeal.id;
  await ctx.db.insert(dealSteps).values({ dealId: real.demoDealId, stepType: "cremation", position: 1, locationType: "Crematorium", locationId: real.demoCrematoriumId, mode: "manual" } as never);

  const [review] = await ctx.db.insert(reviews).values({ authorName: "Paul R.", rating: 5, body: "Merci", publishedAt: new Date() }).returning({ id: reviews.id });
  real.reviewId = review!.id;
  const [partner] = await ctx.db.insert(crematoriums).values({ name: "Crématorium réel", city: "Lyon" } as never).returning({ id: crematoriums.id });
  real.crematoriumId = partner!.id;
  // A real invoice billed by a demo graveyard (a (type, id) reference without a foreign key).
  const [invoice] = await ctx.db
    .insert(entityInvoices)
    .values({ entityType: "Graveyard", entityId: real.demoGraveyardId, entityName: demoGraveyard!.name, groupType: "month", groupId: 3000, groupYear: 2026 })
    .returning({ id: entityInvoices.id });
  real.invoiceId = invoice!.id;
  // A real family used a demo perk: the usage is theirs, so the perk stays.
  const [perk] = await ctx.db.select({ id: perks.id }).from(perks).where(eq(perks.demo, true)).limit(1);
  real.demoPerkId = perk!.id;
  await ctx.db.insert(perkUsages).values({ perkId: real.demoPerkId, clientId: real.clientId, dealId: real.dealId });
}, 120_000);
afterAll(async () => ctx?.close());

describeAuthorizationMatrix(
  "cleaning reset",
  () => ctx,
  [
    { request: "POST /api/v1/cleaning/reset", body: { dry_run: true }, expect: { visitor: 401, client: 401, forged: 401, borrowed: 401, admin: 200, director: 403, advisor: 403, guest: 403, pro: 403 } },
    { request: "POST /api/v1/cleaning/reset", body: { dry_run: false }, expect: { visitor: 401, client: 401, admin: 422, director: 403, advisor: 403, guest: 403, pro: 403 } },
  ],
);

describe("cleaning reset", () => {
  it("lists per table what a dry run would clear, with names, and deletes nothing", async () => {
    const before = await ctx.db.select({ n: count() }).from(products).where(eq(products.demo, true));
    const { status, body } = await reset(realAdmin, {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ dry_run: true, cleared: false });
    const table = (name: string) => body.tables.find((t) => t.table === name);
    expect(table("business_users")!.labels).toContain("admin@demo.test");
    expect(table("clients")!.labels).toContain("client@demo.test");
    expect(table("products")!.count).toBe(before[0]!.n);
    expect(table("reviews")!.count).toBeGreaterThanOrEqual(60);
    expect(table("deals")!.count).toBe(1);
    expect(body.total).toBe(body.tables.reduce((n, t) => n + t.count, 0));
    // The demo rows real ones still use are kept and say by what.
    expect(body.kept).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: "crematoriums", id: real.demoCrematoriumId, referenced_by: expect.objectContaining({ table: "deal_steps" }) }),
        expect.objectContaining({ table: "graveyards", id: real.demoGraveyardId, referenced_by: { table: "entity_invoices", id: real.invoiceId } }),
        expect.objectContaining({ table: "perks", id: real.demoPerkId, referenced_by: expect.objectContaining({ table: "perk_usages" }) }),
      ]),
    );
    expect(body.tables.find((t) => t.table === "crematoriums")!.labels.length).toBeGreaterThan(0);
    expect((await ctx.db.select({ n: count() }).from(products).where(eq(products.demo, true)))[0]!.n).toBe(before[0]!.n);
  });

  it("refuses the real run without the confirmation field", async () => {
    const { status, body } = await reset(realAdmin, { dry_run: false });
    expect(status).toBe(422);
    expect(body.errors).toEqual(["cleaning__confirm__missing"]);
    expect((await reset(realAdmin, { dry_run: false, confirm: "yes" })).status).toBe(422);
  });

  it("clears the demo data in one go and never touches a real row", async () => {
    const { status, body } = await reset(realAdmin, { dry_run: false, confirm: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ dry_run: false, cleared: true });
    expect(body.total).toBeGreaterThan(100);
    const remaining = async (table: typeof products | typeof reviews | typeof clients | typeof businessUsers | typeof deals) =>
      (await ctx.db.select({ n: count() }).from(table).where(eq(table.demo, true)))[0]!.n;
    expect(await remaining(products)).toBe(0);
    expect(await remaining(reviews)).toBe(0);
    expect(await remaining(clients)).toBe(0);
    expect(await remaining(businessUsers)).toBe(0);
    expect(await remaining(deals)).toBe(0);
    // Kept: only the demo partners and perk real rows use.
    expect((await ctx.db.select({ id: crematoriums.id }).from(crematoriums).where(eq(crematoriums.demo, true))).map((r) => r.id)).toEqual([real.demoCrematoriumId]);
    expect((await ctx.db.select({ id: graveyards.id }).from(graveyards).where(eq(graveyards.demo, true))).map((r) => r.id)).toEqual([real.demoGraveyardId]);
    expect((await ctx.db.select({ id: perks.id }).from(perks).where(eq(perks.demo, true))).map((r) => r.id)).toEqual([real.demoPerkId]);
    // Every real row is there, untouched.
    expect(await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.id, real.clientId))).toHaveLength(1);
    expect(await ctx.db.select({ id: deals.id }).from(deals).where(eq(deals.id, real.dealId))).toHaveLength(1);
    expect(await ctx.db.select({ id: dealSteps.id }).from(dealSteps).where(eq(dealSteps.dealId, real.dealId))).toHaveLength(1);
    expect(await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, real.reviewId))).toHaveLength(1);
    expect(await ctx.db.select({ id: crematoriums.id }).from(crematoriums).where(eq(crematoriums.id, real.crematoriumId))).toHaveLength(1);
    expect(await ctx.db.select({ id: entityInvoices.id }).from(entityInvoices).where(eq(entityInvoices.id, real.invoiceId))).toHaveLength(1);
    expect(await ctx.db.select({ id: perkUsages.id }).from(perkUsages).where(and(eq(perkUsages.clientId, real.clientId), eq(perkUsages.perkId, real.demoPerkId)))).toHaveLength(1);
    const [defunct] = await ctx.db.select({ n: count() }).from(defuncts).where(eq(defuncts.lastname, "Réel"));
    expect(defunct!.n).toBe(1);
    // The demo deal and its step went with it.
    expect(await ctx.db.select({ id: dealSteps.id }).from(dealSteps).where(eq(dealSteps.dealId, real.demoDealId))).toHaveLength(0);
    // Run again: nothing left to clear but the rows still in use.
    const again = await reset(realAdmin, {});
    expect(again.body.total).toBe(0);
    expect(again.body.kept.map((k) => k.table).sort()).toEqual(["crematoriums", "graveyards", "perks"]);
  });
});
