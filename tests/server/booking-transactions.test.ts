import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingTransactions } from "@/server/db/schema/deals";
import { createTestApp, signInHeaders, type TestContext } from "./helpers/app";
import { assignDeal, businessUserId, call, submittedDeal, type BackOfficeDeal } from "./helpers/back-office-fixtures";

/** Booking transactions (SPEC §4, §7): the partner's answer recorded on update, with its time. */
let ctx: TestContext;
let deal: BackOfficeDeal;
let otherDeal: BackOfficeDeal;
let booking = 0;
let otherBooking = 0;
const as = (email: string) => signInHeaders(ctx.db, "business_user", email);

beforeAll(async () => {
  ctx = await createTestApp();
  deal = await submittedDeal(ctx, "booking.famille@example.org");
  otherDeal = await submittedDeal(ctx, "booking.autre@example.org");
  await assignDeal(ctx, deal.id, await businessUserId(ctx, "pro@demo.test"));
  booking = (await ctx.db.insert(bookingTransactions).values({ dealId: deal.id, partnerType: "Crematorium", partnerId: 1 }).returning({ id: bookingTransactions.id }))[0]!.id;
  otherBooking = (await ctx.db.insert(bookingTransactions).values({ dealId: otherDeal.id }).returning({ id: bookingTransactions.id }))[0]!.id;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe("booking transactions", () => {
  it("records the answer and when it came, refuses other statuses, and keeps to the deal", async () => {
    const before = await call<{ data: Array<{ id: number; status: string | null }> }>(ctx, "GET", `/api/v1/deals/${deal.id}/booking_transactions`, await as("conseiller@demo.test"));
    expect(before.body.data).toEqual([expect.objectContaining({ id: booking, status: null, answered_at: null, partner_type: "Crematorium" })]);
    const accepted = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/booking_transactions/${booking}`, await as("pro@demo.test"), { status: "booking_accepted", comment: "Créneau de 14 h confirmé" });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ data: { status: "booking_accepted", comment: "Créneau de 14 h confirmé", answered_at: expect.any(Number) } });
    const wrong = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/booking_transactions/${booking}`, await as("conseiller@demo.test"), { status: "maybe" });
    expect(wrong.body).toEqual({ error: "Unprocessable Entity", errors: ["booking_transaction__status__invalid"] });
    const long = await call(ctx, "PUT", `/api/v1/deals/${deal.id}/booking_transactions/${booking}`, await as("conseiller@demo.test"), { status: "booking_rejected", comment: "x".repeat(2001) });
    expect(long.body).toEqual({ error: "Unprocessable Entity", errors: ["booking_transaction__comment__too_long"] });
    // Another deal's booking through this deal's path, and a pro on a deal not theirs: 404.
    expect((await call(ctx, "PUT", `/api/v1/deals/${deal.id}/booking_transactions/${otherBooking}`, await as("conseiller@demo.test"), { status: "booking_rejected" })).status).toBe(404);
    expect((await call(ctx, "PUT", `/api/v1/deals/${otherDeal.id}/booking_transactions/${otherBooking}`, await as("pro@demo.test"), { status: "booking_rejected" })).status).toBe(404);
    expect((await call(ctx, "GET", `/api/v1/deals/${deal.id}/booking_transactions`, await as("analyste@demo.test"))).status).toBe(403);
    expect((await call(ctx, "GET", `/api/v1/deals/${deal.id}/booking_transactions`, {})).status).toBe(401);
  });
});
