import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paymentSharesBodySchema, partRemaining, payableCents, planSplit, splitByShares, SPLIT_ERRORS } from "@/domain/payments/payment-split";

const holders = new Set([1, 2, 3]);

describe("splitting a deal's balance between relatives", () => {
  it("gives the leftover cents to the largest remainders, ties to the first listed", () => {
    expect(splitByShares(10_000, [1, 1, 1])).toEqual([3_334, 3_333, 3_333]);
    expect(splitByShares(100, [1, 2])).toEqual([33, 67]);
    expect(splitByShares(1, [1, 1])).toEqual([1, 0]);
    expect(splitByShares(0, [1, 1])).toEqual([0, 0]);
  });

  it("never makes money appear or vanish: the parts are whole cents that add up to the balance", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 20 }), (balance, weights) => {
        const parts = splitByShares(balance, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(balance);
        const total = weights.reduce((a, b) => a + b, 0);
        parts.forEach((cents, i) => {
          expect(Number.isInteger(cents)).toBe(true);
          // Each part is within one cent of its exact share.
          expect(Math.abs(cents - (balance * weights[i]!) / total)).toBeLessThan(1);
        });
      }),
    );
  });

  it("accepts amounts only when they add up to the balance exactly", () => {
    expect(planSplit(1_000, { mode: "amounts", payers: [{ client_id: 1, amount_cents: 600 }, { client_id: 2, amount_cents: 400 }] }, holders)).toEqual({
      ok: true,
      parts: [{ clientId: 1, amountCents: 600, share: null }, { clientId: 2, amountCents: 400, share: null }],
    });
    expect(planSplit(1_000, { mode: "amounts", payers: [{ client_id: 1, amount_cents: 600 }, { client_id: 2, amount_cents: 399 }] }, holders)).toEqual({ ok: false, codes: [SPLIT_ERRORS.sumMismatch] });
    expect(planSplit(1_000, { mode: "amounts", payers: [{ client_id: 1, share: 1 }] }, holders)).toEqual({ ok: false, codes: [SPLIT_ERRORS.amountInvalid] });
  });

  it("turns shares into cents and refuses strangers, duplicates and an empty balance", () => {
    expect(planSplit(1_001, { mode: "shares", payers: [{ client_id: 1, share: 1 }, { client_id: 3, share: 1 }] }, holders)).toMatchObject({ ok: true, parts: [{ amountCents: 501, share: 1 }, { amountCents: 500, share: 1 }] });
    expect(planSplit(1_000, { mode: "shares", payers: [{ client_id: 1, share: 1 }, { client_id: 9, share: 1 }] }, holders)).toEqual({ ok: false, codes: [SPLIT_ERRORS.payerNotHolder] });
    expect(planSplit(1_000, { mode: "shares", payers: [{ client_id: 1, share: 1 }, { client_id: 1, share: 1 }] }, holders)).toEqual({ ok: false, codes: [SPLIT_ERRORS.payerDuplicated] });
    expect(planSplit(1_000, { mode: "shares", payers: [{ client_id: 1 }] }, holders)).toEqual({ ok: false, codes: [SPLIT_ERRORS.shareInvalid] });
    expect(planSplit(0, { mode: "shares", payers: [{ client_id: 1, share: 1 }] }, holders)).toEqual({ ok: false, codes: [SPLIT_ERRORS.nothingDue] });
    expect(planSplit(0, { mode: "shares", payers: [] }, holders)).toEqual({ ok: true, parts: [] });
  });

  it("validates the body with field codes", () => {
    const codes = (body: unknown) => (paymentSharesBodySchema.safeParse(body).error?.issues ?? []).map((i) => i.message);
    expect(codes({ mode: "thirds", payers: [] })).toEqual(["payment_shares__mode__invalid"]);
    expect(codes({ mode: "amounts", payers: [{ client_id: 1, amount_cents: 10.5 }] })).toEqual([SPLIT_ERRORS.amountInvalid]);
    expect(codes({ mode: "shares", payers: [{ client_id: 1, share: 0 }] })).toEqual([SPLIT_ERRORS.shareInvalid]);
    expect(codes({ mode: "shares", payers: Array.from({ length: 21 }, (_, i) => ({ client_id: i + 1, share: 1 })) })).toEqual([SPLIT_ERRORS.payersTooMany]);
    expect(partRemaining(500, 200, 100)).toBe(200);
    expect(partRemaining(500, 600, 0)).toBe(0);
  });
});

describe("how much one payer may pay once the balance is split", () => {
  const parts = [
    { clientId: 1, remainingCents: 600 },
    { clientId: 2, remainingCents: 400 },
  ];
  it("asks a payer with a part for what is left of it, others for what no part reserves, and lets the owner pay for everyone", () => {
    expect(payableCents({ balanceCents: 1_000, parts: [], payerClientId: 9, forEveryone: false, isOwner: false })).toEqual({ cents: 1_000, scope: "balance" });
    expect(payableCents({ balanceCents: 1_000, parts, payerClientId: 1, forEveryone: false, isOwner: true })).toEqual({ cents: 600, scope: "part" });
    expect(payableCents({ balanceCents: 1_000, parts, payerClientId: 1, forEveryone: true, isOwner: true })).toEqual({ cents: 1_000, scope: "balance" });
    // Only the owner may pay for everyone: anyone else asking for it keeps their own limit.
    expect(payableCents({ balanceCents: 1_000, parts, payerClientId: 2, forEveryone: true, isOwner: false })).toEqual({ cents: 400, scope: "part" });
    expect(payableCents({ balanceCents: 1_000, parts, payerClientId: 3, forEveryone: false, isOwner: false })).toEqual({ cents: 0, scope: "unreserved" });
    // A refund after the split raised the balance: the difference is open to anyone.
    expect(payableCents({ balanceCents: 1_250, parts, payerClientId: 3, forEveryone: false, isOwner: false })).toEqual({ cents: 250, scope: "unreserved" });
    // Someone paid for everyone: a part is never asked above what the deal still asks.
    expect(payableCents({ balanceCents: 100, parts, payerClientId: 1, forEveryone: false, isOwner: false })).toEqual({ cents: 100, scope: "part" });
  });

  /** A family of payers: 1 (owner) and 2, 3 with parts when `withPart`; 4, 5 without. */
  const paymentArb = fc.record({ payer: fc.integer({ min: 1, max: 5 }), forEveryone: fc.boolean(), fraction: fc.double({ min: 0, max: 1, noNaN: true }) });
  const splitArb = fc.record({
    balance: fc.integer({ min: 0, max: 10_000_000 }),
    weights: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 }),
    payments: fc.array(paymentArb, { maxLength: 25 }),
    allowForEveryone: fc.boolean(),
  });

  it("lets no mix of payments exceed the balance, and never blocks a payer from paying their own part", () => {
    fc.assert(
      fc.property(splitArb, ({ balance: start, weights, payments, allowForEveryone }) => {
        const amounts = splitByShares(start, weights);
        const owed = new Map(amounts.map((cents, index) => [index + 1, cents]));
        const paidBy = new Map<number, number>();
        let balance = start;
        let total = 0;
        let someonePaidForEveryone = false;
        for (const step of payments) {
          const parts = [...owed].map(([clientId, cents]) => ({ clientId, remainingCents: partRemaining(cents, paidBy.get(clientId) ?? 0, 0) }));
          if (!someonePaidForEveryone) {
            // Whatever the others did, every payer with a part may still pay all that is left of it.
            for (const part of parts) expect(payableCents({ balanceCents: balance, parts, payerClientId: part.clientId, forEveryone: false, isOwner: part.clientId === 1 }).cents).toBe(part.remainingCents);
          }
          const forEveryone = allowForEveryone && step.forEveryone;
          const { cents: payable } = payableCents({ balanceCents: balance, parts, payerClientId: step.payer, forEveryone, isOwner: step.payer === 1 });
          const amount = Math.floor(payable * step.fraction);
          if (amount <= 0) continue;
          if (forEveryone && step.payer === 1) someonePaidForEveryone = true;
          balance -= amount;
          total += amount;
          paidBy.set(step.payer, (paidBy.get(step.payer) ?? 0) + amount);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        expect(total).toBeLessThanOrEqual(start);
      }),
    );
  });
});
