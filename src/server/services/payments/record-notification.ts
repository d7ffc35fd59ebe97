import { and, eq, sql } from "drizzle-orm";
import { applyPaymentEvent, type PaymentEvent, type PaymentLedger, type PaymentState } from "@/domain/payments/payment-machine";
import type { PaymentProviderName } from "@/domain/payments/payment-methods";
import type { Db } from "@/server/db/client";
import { paymentEvents, payments } from "@/server/db/schema/payments";
import { ApiError } from "@/server/http/errors";
import { ProviderError, type CallbackEnvelope, type PaymentProviders, type ProviderPaymentStatus } from "@/server/integrations/payments/payment-provider";
import { enqueue } from "@/server/jobs/queue";
import { PAYMENT_PAID_EMAIL_JOB } from "@/server/services/payments/payment-paid-email";
import { notify } from "@/server/services/notifications/notify";
import type { PaymentRow } from "@/server/services/payments/payment-view";

export type NotificationSource = "callback" | "webhook" | "reconcile";

function ledgerOf(row: PaymentRow): PaymentLedger {
  return { status: row.status as PaymentState, amountCents: row.amountCents, capturedCents: row.capturedCents, refundedCents: row.refundedCents, seenEventIds: [] };
}

/** The provider's status as one event of the state machine; its id is the status reached, so a repeat is a duplicate. */
export function eventOf(externalId: string, status: ProviderPaymentStatus): PaymentEvent | null {
  const eventId = `${externalId}:${status.outcome}`;
  switch (status.outcome) {
    case "created":
      return null;
    case "captured":
      return { kind: "captured", eventId, amountCents: status.amountCents ?? -1 };
    default:
      return { kind: status.outcome, eventId };
  }
}

/**
 * Applies what the provider says of a payment, once: the event row is unique per
 * (provider, event id), so the second delivery of the same news inserts nothing and
 * changes nothing; the payment row is locked meanwhile so two deliveries at once
 * cannot both apply it. Returns the payment as it now stands.
 */
export async function applyProviderStatus(db: Db, paymentId: number, provider: PaymentProviderName, externalId: string, status: ProviderPaymentStatus, source: NotificationSource, now: Date): Promise<PaymentRow> {
  const event = eventOf(externalId, status);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!row) throw new ApiError(404, "not_found");
    if (!event) {
      const [touched] = await tx.update(payments).set({ checkedAt: now }).where(eq(payments.id, paymentId)).returning();
      return touched!;
    }
    const transition = applyPaymentEvent(ledgerOf(row), event);
    const inserted = await tx
      .insert(paymentEvents)
      .values({
        paymentId,
        provider,
        providerEventId: event.eventId,
        kind: event.kind,
        amountCents: "amountCents" in event ? event.amountCents : null,
        outcome: transition.outcome,
        reason: transition.reason ?? null,
        source,
        details: status.details,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
      .returning({ id: paymentEvents.id });
    if (inserted.length === 0 || transition.outcome !== "applied") {
      if (transition.reason) console.warn(`[payments] ${provider} event for payment ${paymentId} refused: ${transition.reason}`);
      const [touched] = await tx.update(payments).set({ checkedAt: now }).where(eq(payments.id, paymentId)).returning();
      return touched!;
    }
    const next = transition.ledger;
    // The payer's e-mail is committed with the capture (transactional outbox), once per payment.
    if (event.kind === "captured") {
      await enqueue(tx, { kind: PAYMENT_PAID_EMAIL_JOB, payload: { payment_id: paymentId }, idempotencyKey: `payment-paid:${paymentId}` }, now);
      // Once per payment too: only the delivery that applies the capture gets here.
      await notify(tx, { kind: "payment_paid", title: `Paiement reçu – dossier n° ${row.dealId}`, dealId: row.dealId, now });
    }
    const [updated] = await tx
      .update(payments)
      .set({
        status: next.status,
        capturedCents: next.capturedCents,
        refundedCents: next.refundedCents,
        checkedAt: now,
        ...(event.kind === "captured" ? { paidAt: now } : {}),
        ...(event.kind === "failed" || event.kind === "cancelled" ? { failureCode: `provider_${event.kind}` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, paymentId))
      .returning();
    return updated!;
  });
}

/**
 * A callback (the payer's browser back from the provider) or a webhook: verified by the
 * provider (signature), then never trusted beyond "look again": the status is fetched
 * from the provider server to server and applied. Unknown ids answer 404, forged ones 403.
 */
export async function recordNotification(db: Db, providers: PaymentProviders, provider: PaymentProviderName, envelope: CallbackEnvelope, source: NotificationSource, now: Date): Promise<PaymentRow> {
  if (!envelope.externalId || envelope.externalId.length > 200) throw new ApiError(422, "payment__external_id__invalid");
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.externalId, envelope.externalId)))
    .limit(1);
  const adapter = providers[provider];
  if (!(await adapter.verifyCallback(envelope))) throw new ApiError(403, "payment__callback__forged");
  if (!row) throw new ApiError(404, "not_found");
  let status: ProviderPaymentStatus;
  try {
    status = await adapter.fetchStatus(envelope.externalId);
  } catch (error) {
    // The provider will notify again (and reconciliation will ask): nothing is lost by answering 503.
    if (error instanceof ProviderError || error instanceof TypeError) throw new ApiError(503, "payment__provider__unavailable");
    throw error;
  }
  return applyProviderStatus(db, row.id, provider, envelope.externalId, status, source, now);
}
