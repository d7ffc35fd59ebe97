import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deals } from "@/server/db/schema/deals";
import { payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { setMailer } from "@/server/integrations/mail/mailer";
import { paymentPageData } from "@/server/services/payments/payment-page";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { createFamily, type FamilyFixture, type FamilyMemberName } from "./helpers/family-fixtures";

/**
 * The family split is enforced at checkout (payableCents in src/domain/payments/payment-split):
 * a payer with a part pays at most what is left of it, anyone else at most what no part
 * reserves, and the owner may pay for everyone. The three checkout endpoints share the rule.
 */

const TOTAL = 100_001;
const ABOVE_PART = { error: "Unprocessable Entity", errors: ["payment__amount__above_part"] };
let ctx: TestContext;
let family: FamilyFixture;
const quiet: Mailer = { send: async () => ({ id: "0", transport: "outbox" }) };

async function request(member: FamilyMemberName, method: "PUT" | "POST", path: string, body: unknown) {
  const headers = await signInHeaders(ctx.db, "client", family.emails[member]);
  const response = await ctx.app.request(path, { method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { errors?: string[]; data?: { amount_cents: number } } };
}
const card = (member: FamilyMemberName, body: Record<string, unknown>) => request(member, "POST", "/api/v1/payments/worldline", { deal_id: family.dealId, ...body });
const transfer = (member: FamilyMemberName, body: Record<string, unknown>) => request(member, "POST", "/api/v1/payments/fintecture", { deal_id: family.dealId, ...body });
const instalments = (member: FamilyMemberName, body: Record<string, unknown>) => request(member, "POST", "/api/v1/payments/alma", { deal_id: family.dealId, plan: "p3x", ...body });

/** A payment the provider captured (or reported pending), made after the split. */
async function settled(member: FamilyMemberName, cents: number, status: "captured" | "pending" = "captured") {
  const later = new Date(Date.now() + 1_000);
  await ctx.db.insert(payments).values({ dealId: family.dealId, payerClientId: family.clientIds[member], provider: "worldline", status, amountCents: cents, capturedCents: status === "captured" ? cents : 0, paidAt: status === "captured" ? later : null, createdAt: later });
}

beforeAll(async () => {
  ctx = await createTestApp();
  setMailer(quiet);
  family = await createFamily(ctx.db, "share-checkout");
  await ctx.db.update(deals).set({ totalCents: TOTAL }).where(eq(deals.id, family.dealId));
  await ctx.db.update(clients).set({ countryCode: "fr" }).where(inArray(clients.id, Object.values(family.clientIds)));
  // The owner gives the editor and themself a part; the reader and the notary have none.
  const split = await request("owner", "PUT", `/api/v1/payments/deals/${family.dealId}/shares`, { mode: "amounts", payers: [{ client_id: family.clientIds.owner, amount_cents: 60_000 }, { client_id: family.clientIds.editor, amount_cents: 40_001 }] });
  expect(split.status).toBe(200);
});
afterAll(async () => {
  setMailer(null);
  await ctx?.close();
});

describe("paying one's part of the family split", () => {
  it("lets a payer with a part pay up to it, by default exactly it, and no more, by every method", async () => {
    expect(await card("editor", { amount: 40_002 })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await transfer("editor", { amount: 40_002 })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await instalments("editor", { amount: 40_002 })).toEqual({ status: 422, body: ABOVE_PART });
    // Asking for everyone is the owner's choice only: the editor keeps their limit.
    expect(await card("editor", { amount: 40_002, for_everyone: true })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await card("editor", {})).toMatchObject({ status: 201, body: { data: { amount_cents: 40_001 } } });
    expect(await transfer("editor", { amount: 40_001 })).toMatchObject({ status: 201, body: { data: { amount_cents: 40_001 } } });
    expect(await instalments("editor", { amount: 12_000 })).toMatchObject({ status: 201, body: { data: { amount_cents: 12_000 } } });
    // Above the deal's balance stays its own refusal.
    expect((await card("editor", { amount: TOTAL + 1 })).body.errors).toEqual(["payment__amount__above_remaining"]);
  });

  it("asks a relative without a part nothing while the parts cover the balance", async () => {
    expect(await card("reader", {})).toEqual({ status: 422, body: ABOVE_PART });
    expect(await card("reader", { amount: 1 })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await transfer("notary", { amount: 1 })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await instalments("notary", { amount: 5_000 })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await paymentPageData(ctx.db, family.clientIds.reader, family.dealId, "2026-01-10")).toMatchObject({ payableCents: 0, payableScope: "unreserved", forEveryone: false });
  });

  it("lets the owner pay their part, or for everyone when they choose to", async () => {
    expect(await card("owner", { amount: 60_001 })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await card("owner", {})).toMatchObject({ status: 201, body: { data: { amount_cents: 60_000 } } });
    expect(await card("owner", { for_everyone: true })).toMatchObject({ status: 201, body: { data: { amount_cents: TOTAL } } });
    expect(await card("owner", { amount: 70_000, for_everyone: true })).toMatchObject({ status: 201, body: { data: { amount_cents: 70_000 } } });
    expect((await card("owner", { for_everyone: "yes" })).body.errors).toEqual(["payment__for_everyone__invalid"]);
    expect(await paymentPageData(ctx.db, family.clientIds.owner, family.dealId, "2026-01-10")).toMatchObject({ payableCents: 60_000, payableScope: "part", forEveryone: false });
    expect(await paymentPageData(ctx.db, family.clientIds.owner, family.dealId, "2026-01-10", true)).toMatchObject({ payableCents: TOTAL, payableScope: "balance", forEveryone: true });
    // Anyone else asking the page for everyone still sees their own part.
    expect(await paymentPageData(ctx.db, family.clientIds.editor, family.dealId, "2026-01-10", true)).toMatchObject({ payableCents: 40_001, payableScope: "part", forEveryone: false });
  });

  it("counts what a payer already paid or has pending against their part, and opens any balance no part covers", async () => {
    await settled("editor", 10_000);
    await settled("editor", 5_000, "pending");
    expect(await card("editor", { amount: 25_002 })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await card("editor", {})).toMatchObject({ status: 201, body: { data: { amount_cents: 25_001 } } });
    // The owner's part is untouched by the editor's payments.
    expect(await card("owner", {})).toMatchObject({ status: 201, body: { data: { amount_cents: 60_000 } } });
    // The quote grew after the split: what the parts do not cover is open to anyone.
    await ctx.db.update(deals).set({ totalCents: TOTAL + 2_500 }).where(eq(deals.id, family.dealId));
    expect(await card("reader", { amount: 2_501 })).toEqual({ status: 422, body: ABOVE_PART });
    expect(await card("reader", {})).toMatchObject({ status: 201, body: { data: { amount_cents: 2_500 } } });
    expect(await paymentPageData(ctx.db, family.clientIds.reader, family.dealId, "2026-01-10")).toMatchObject({ payableCents: 2_500, payableScope: "unreserved" });
    expect(await card("editor", {})).toMatchObject({ status: 201, body: { data: { amount_cents: 25_001 } } });
    // A refund of the editor's own payment gives that much back to their part (what they paid, net).
    await ctx.db.update(payments).set({ status: "partially_refunded", refundedCents: 2_500 }).where(eq(payments.amountCents, 10_000));
    expect(await card("editor", {})).toMatchObject({ status: 201, body: { data: { amount_cents: 27_501 } } });
    expect(await card("reader", {})).toMatchObject({ status: 201, body: { data: { amount_cents: 2_500 } } });
  });
});

describe("a deal with nothing to pay", () => {
  it("refuses a checkout when the deal has no price yet, and once everything is paid", async () => {
    await ctx.db.update(deals).set({ totalCents: null }).where(eq(deals.id, family.dealId));
    expect((await card("owner", { amount: 1_000 })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__deal__not_payable"] });
    expect((await transfer("reader", {})).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__deal__not_payable"] });
    // Everything paid: the parts and the balance are settled.
    // The editor paid 7 500 net (10 000 captured, 2 500 refunded) and has 5 000 pending.
    await ctx.db.update(deals).set({ totalCents: 12_500 }).where(eq(deals.id, family.dealId));
    expect((await card("owner", { for_everyone: true })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__deal__nothing_due"] });
    expect((await card("editor", { amount: 1 })).body).toEqual({ error: "Unprocessable Entity", errors: ["payment__deal__nothing_due"] });
  });
});
