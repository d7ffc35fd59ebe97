import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPaymentEvent,
  applyPaymentEvents,
  dealPaymentTotals,
  netPaidCents,
  newLedger,
  refundableCents,
  type PaymentEvent,
  type PaymentLedger,
} from "@/domain/payments/payment-machine";

/** What really happened at the provider: an outcome (or none yet). */
const truthArb = fc.record({
  amountCents: fc.integer({ min: 1, max: 10_000_000 }),
  outcome: fc.constantFrom("captured", "failed", "cancelled", "none"),
  reportsPending: fc.boolean(),
});

type Truth = { amountCents: number; outcome: "captured" | "failed" | "cancelled" | "none"; reportsPending: boolean };

/** The notifications the provider sends for that truth, each with its own event id. */
function notificationsOf(truth: Truth): PaymentEvent[] {
  const events: PaymentEvent[] = [];
  if (truth.reportsPending) events.push({ kind: "pending", eventId: "evt-pending" });
  if (truth.outcome === "captured") events.push({ kind: "captured", eventId: "evt-captured", amountCents: truth.amountCents });
  if (truth.outcome === "failed") events.push({ kind: "failed", eventId: "evt-failed" });
  if (truth.outcome === "cancelled") events.push({ kind: "cancelled", eventId: "evt-cancelled" });
  return events;
}

/** Deliveries: every notification 1 to 3 times, in any order. */
const deliveriesArb = (events: PaymentEvent[]) =>
  fc
    .tuple(...events.map((event) => fc.integer({ min: 1, max: 3 }).map((times) => Array.from({ length: times }, () => event))))
    .map((groups) => groups.flat())
    .chain((all) => fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }));

function invariant(ledger: PaymentLedger) {
  expect(ledger.refundedCents).toBeGreaterThanOrEqual(0);
  expect(ledger.refundedCents).toBeLessThanOrEqual(ledger.capturedCents);
  expect([0, ledger.amountCents]).toContain(ledger.capturedCents);
}

describe("payment state machine", () => {
  it("ends where the provider's truth is, whatever duplicates and order the notifications come in", () => {
    fc.assert(
      fc.property(
        truthArb.chain((truth) => fc.tuple(fc.constant(truth), notificationsOf(truth).length ? deliveriesArb(notificationsOf(truth)) : fc.constant([]))),
        ([truth, deliveries]) => {
          let ledger = newLedger(truth.amountCents);
          for (const event of deliveries) {
            ledger = applyPaymentEvent(ledger, event).ledger;
            invariant(ledger);
          }
          expect(ledger.capturedCents).toBe(truth.outcome === "captured" ? truth.amountCents : 0);
          const expected = truth.outcome === "none" ? (truth.reportsPending ? "pending" : "created") : truth.outcome;
          expect(ledger.status).toBe(expected);
        },
      ),
    );
  });

  it("never makes money appear when notifications are lost, and a lost one replayed later still lands", () => {
    fc.assert(
      fc.property(truthArb, fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }), (truth, dropped) => {
        const events = notificationsOf(truth);
        const delivered = events.filter((_, i) => !dropped[i]);
        const partial = applyPaymentEvents(newLedger(truth.amountCents), delivered);
        expect(partial.capturedCents).toBeLessThanOrEqual(truth.outcome === "captured" ? truth.amountCents : 0);
        // Reconciliation fetches the truth again: replaying everything reaches it.
        const reconciled = applyPaymentEvents(partial, events);
        expect(reconciled.capturedCents).toBe(truth.outcome === "captured" ? truth.amountCents : 0);
      }),
    );
  });

  it("keeps captures minus refunds equal to what the deal shows as paid, with refunds asked at any time and replayed", () => {
    const stepArb = fc.oneof(
      fc.record({ kind: fc.constant("notify" as const), index: fc.nat(3) }),
      fc.record({ kind: fc.constant("refund" as const), refundId: fc.integer({ min: 1, max: 6 }), amountCents: fc.integer({ min: -5, max: 60_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(truthArb, fc.array(stepArb, { maxLength: 30 })), { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 10_000_000 }), (payments, due) => {
        const ledgers: PaymentLedger[] = [];
        for (const [truth, steps] of payments) {
          const events = notificationsOf(truth);
          let ledger = newLedger(truth.amountCents);
          let acceptedRefunds = 0;
          const acceptedIds = new Set<string>();
          for (const step of steps) {
            const event: PaymentEvent | undefined =
              step.kind === "notify" ? events[step.index % Math.max(1, events.length)] : { kind: "refunded", eventId: `refund-${step.refundId}`, amountCents: step.amountCents };
            if (!event) continue;
            const before = ledger;
            const result = applyPaymentEvent(ledger, event);
            ledger = result.ledger;
            invariant(ledger);
            if (event.kind === "refunded" && result.outcome === "applied") {
              expect(acceptedIds.has(event.eventId)).toBe(false);
              acceptedIds.add(event.eventId);
              acceptedRefunds += event.amountCents;
              expect(event.amountCents).toBeLessThanOrEqual(refundableCents(before));
            }
            if (result.outcome !== "applied") expect(ledger).toBe(before);
          }
          expect(ledger.refundedCents).toBe(acceptedRefunds);
          ledgers.push(ledger);
        }
        const totals = dealPaymentTotals(due, ledgers);
        const captures = ledgers.reduce((sum, l) => sum + l.capturedCents, 0);
        const refunds = ledgers.reduce((sum, l) => sum + l.refundedCents, 0);
        expect(totals.paidCents).toBe(captures - refunds);
        expect(totals.paidCents).toBe(ledgers.reduce((sum, l) => sum + netPaidCents(l), 0));
        expect(totals.remainingCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("refuses a capture of another amount, and a refund above what was captured", () => {
    const ledger = newLedger(10_000);
    expect(applyPaymentEvent(ledger, { kind: "captured", eventId: "a", amountCents: 9_999 })).toMatchObject({ outcome: "refused", reason: "payment__amount__mismatch" });
    expect(applyPaymentEvent(ledger, { kind: "refunded", eventId: "r", amountCents: 1 })).toMatchObject({ outcome: "refused", reason: "payment__refund__not_captured" });
    const captured = applyPaymentEvent(ledger, { kind: "captured", eventId: "a", amountCents: 10_000 }).ledger;
    expect(applyPaymentEvent(captured, { kind: "refunded", eventId: "r", amountCents: 10_001 })).toMatchObject({ outcome: "refused", reason: "payment__refund__above_captured" });
    const partial = applyPaymentEvent(captured, { kind: "refunded", eventId: "r", amountCents: 4_000 }).ledger;
    expect(partial).toMatchObject({ status: "partially_refunded", refundedCents: 4_000 });
    expect(applyPaymentEvent(partial, { kind: "failed", eventId: "late" }).outcome).toBe("ignored");
    expect(applyPaymentEvents(partial, [{ kind: "refunded", eventId: "r2", amountCents: 6_000 }])).toMatchObject({ status: "refunded", refundedCents: 10_000 });
    expect(() => newLedger(0)).toThrow(RangeError);
    expect(() => newLedger(1.5)).toThrow(RangeError);
  });
});
