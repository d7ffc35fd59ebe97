/**
 * The state of one payment, as pure functions (issue 12 "Reliability"):
 *
 *   created ─▶ pending ─▶ captured ─▶ partially_refunded ─▶ refunded
 *      │          ├──────▶ failed          └──────────────────▲
 *      │          └──────▶ cancelled
 *      └─▶ captured | failed | cancelled (a provider may report the outcome first)
 *
 * Money is integer cents. Provider notifications arrive duplicated, reordered or late;
 * every one carries the provider's event id, and the rules below make each of them
 * either move the payment forward once or change nothing:
 * - the same event id twice changes nothing (duplicate);
 * - once an outcome is known, a late "pending" changes nothing;
 * - once captured, a late "failed" or "cancelled" changes nothing (the money moved:
 *   refunds, not a failure notice, give it back);
 * - a capture for another amount than the payment's is refused (never trust an amount
 *   we did not ask for);
 * - a refund applies only to captured money and never above what is left of it.
 */

export const PAYMENT_STATES = ["created", "pending", "captured", "failed", "cancelled", "partially_refunded", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** States holding captured money (all of it or what refunds left). */
export const CAPTURED_STATES: readonly PaymentState[] = ["captured", "partially_refunded", "refunded"];
/** States where the payer may still be waiting for an outcome. */
export const OPEN_STATES: readonly PaymentState[] = ["created", "pending"];

export interface PaymentLedger {
  status: PaymentState;
  /** What the payment asks for. */
  amountCents: number;
  /** What the provider confirmed as captured: 0 or amountCents. */
  capturedCents: number;
  /** Sum of the refunds accepted so far; never above capturedCents. */
  refundedCents: number;
  /** Provider event ids already applied (the database keeps them unique per provider). */
  seenEventIds: readonly string[];
}

export type PaymentEvent =
  | { kind: "pending"; eventId: string }
  | { kind: "captured"; eventId: string; amountCents: number }
  | { kind: "failed"; eventId: string }
  | { kind: "cancelled"; eventId: string }
  | { kind: "refunded"; eventId: string; amountCents: number };

/** What applying an event did. Only "applied" writes anything. */
export type EventOutcome = "applied" | "duplicate" | "ignored" | "refused";

export interface Transition {
  ledger: PaymentLedger;
  outcome: EventOutcome;
  /** Why an event was refused (an error code), when it was. */
  reason?: "payment__amount__mismatch" | "payment__refund__not_captured" | "payment__refund__above_captured" | "payment__amount__invalid";
}

export function isCentAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

export function newLedger(amountCents: number): PaymentLedger {
  if (!isCentAmount(amountCents)) throw new RangeError("a payment amount is a positive whole number of cents");
  return { status: "created", amountCents, capturedCents: 0, refundedCents: 0, seenEventIds: [] };
}

/** Captured money still held: captures minus refunds. */
export function netPaidCents(ledger: Pick<PaymentLedger, "capturedCents" | "refundedCents">): number {
  return ledger.capturedCents - ledger.refundedCents;
}

/** What can still be refunded. */
export function refundableCents(ledger: Pick<PaymentLedger, "status" | "capturedCents" | "refundedCents">): number {
  return CAPTURED_STATES.includes(ledger.status) ? ledger.capturedCents - ledger.refundedCents : 0;
}

function unchanged(ledger: PaymentLedger, outcome: EventOutcome, reason?: Transition["reason"]): Transition {
  return reason ? { ledger, outcome, reason } : { ledger, outcome };
}

function moved(ledger: PaymentLedger, eventId: string, patch: Partial<PaymentLedger>): Transition {
  return { ledger: { ...ledger, ...patch, seenEventIds: [...ledger.seenEventIds, eventId] }, outcome: "applied" };
}

/** The payment after one provider event (or one refund we asked for). Never throws. */
export function applyPaymentEvent(ledger: PaymentLedger, event: PaymentEvent): Transition {
  if (ledger.seenEventIds.includes(event.eventId)) return unchanged(ledger, "duplicate");
  const open = OPEN_STATES.includes(ledger.status);
  switch (event.kind) {
    case "pending":
      return ledger.status === "created" ? moved(ledger, event.eventId, { status: "pending" }) : unchanged(ledger, "ignored");
    case "failed":
    case "cancelled":
      return open ? moved(ledger, event.eventId, { status: event.kind }) : unchanged(ledger, "ignored");
    case "captured":
      if (!open) return unchanged(ledger, "ignored");
      if (event.amountCents !== ledger.amountCents) return unchanged(ledger, "refused", "payment__amount__mismatch");
      return moved(ledger, event.eventId, { status: "captured", capturedCents: event.amountCents });
    case "refunded": {
      if (!isCentAmount(event.amountCents)) return unchanged(ledger, "refused", "payment__amount__invalid");
      if (!CAPTURED_STATES.includes(ledger.status)) return unchanged(ledger, "refused", "payment__refund__not_captured");
      const refunded = ledger.refundedCents + event.amountCents;
      if (refunded > ledger.capturedCents) return unchanged(ledger, "refused", "payment__refund__above_captured");
      return moved(ledger, event.eventId, { refundedCents: refunded, status: refunded === ledger.capturedCents ? "refunded" : "partially_refunded" });
    }
  }
}

/** Several events in their arrival order. */
export function applyPaymentEvents(ledger: PaymentLedger, events: readonly PaymentEvent[]): PaymentLedger {
  return events.reduce((current, event) => applyPaymentEvent(current, event).ledger, ledger);
}

/** What a deal shows from its payments: captured, refunded, paid (captured minus refunded), pending. */
export interface DealPaymentTotals {
  dueCents: number;
  capturedCents: number;
  refundedCents: number;
  paidCents: number;
  pendingCents: number;
  remainingCents: number;
}

export function dealPaymentTotals(
  totalCents: number,
  payments: ReadonlyArray<Pick<PaymentLedger, "status" | "amountCents" | "capturedCents" | "refundedCents">>,
): DealPaymentTotals {
  let captured = 0;
  let refunded = 0;
  let pending = 0;
  for (const payment of payments) {
    captured += payment.capturedCents;
    refunded += payment.refundedCents;
    // Only a payment the provider reported as under way (a transfer settling) counts as pending;
    // a checkout the payer never finished ("created") holds nothing back.
    if (payment.status === "pending") pending += payment.amountCents;
  }
  const paid = captured - refunded;
  return { dueCents: totalCents, capturedCents: captured, refundedCents: refunded, paidCents: paid, pendingCents: pending, remainingCents: Math.max(0, totalCents - paid - pending) };
}
