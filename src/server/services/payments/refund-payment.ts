import { eq, sql } from "drizzle-orm";
import { applyPaymentEvent, refundableCents, type PaymentState } from "@/domain/payments/payment-machine";
import type { Db } from "@/server/db/client";
import { paymentEvents, payments } from "@/server/db/schema/payments";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { PaymentProviders } from "@/server/integrations/payments/payment-provider";
import type { AuthSession } from "@/server/services/auth-tokens";
import type { PaymentRow } from "@/server/services/payments/payment-view";

/**
 * Gives back part or all of a captured payment (admin or funeral director: the route's
 * guard). The payment row stays locked from the check to the record, so two refunds asked
 * together can never add up to more than was captured; the provider is asked before
 * anything is written, and a refusal (or a provider failure) writes nothing.
 */
export async function refundPayment(db: Db, providersOf: (db: Db) => PaymentProviders, auth: AuthSession, paymentId: number, amountCents: number): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!row) throw notFoundError();
    const ledger = { status: row.status as PaymentState, amountCents: row.amountCents, capturedCents: row.capturedCents, refundedCents: row.refundedCents, seenEventIds: [] };
    const refundable = refundableCents(ledger);
    if (refundable === 0) throw new ApiError(422, "payment__refund__not_captured");
    if (amountCents > refundable) throw new ApiError(422, "payment__refund__above_captured");
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentEvents)
      .where(sql`${paymentEvents.paymentId} = ${paymentId} AND ${paymentEvents.kind} = 'refunded'`);
    const refundKey = `paisible-${paymentId}-refund-${count + 1}`;
    const transition = applyPaymentEvent(ledger, { kind: "refunded", eventId: refundKey, amountCents });
    if (transition.outcome !== "applied") throw new ApiError(422, transition.reason ?? "payment__refund__refused");
    let refundId: string;
    try {
      // The sandbox keeps its records in this database: it must use this transaction's connection.
      ({ refundId } = await providersOf(tx)[row.provider].refund(row.externalId ?? "", amountCents, refundKey));
    } catch (error) {
      console.error(`[payments] ${row.provider} refund of payment ${paymentId} failed: ${error instanceof Error ? error.message : "unknown"}`);
      throw new ApiError(503, "payment__provider__unavailable");
    }
    await tx.insert(paymentEvents).values({
      paymentId,
      provider: row.provider,
      providerEventId: refundKey,
      kind: "refunded",
      amountCents,
      outcome: "applied",
      source: "refund",
      requestedById: auth.realm === "business_user" ? auth.userId : null,
      details: { refund_id: refundId },
    });
    const [updated] = await tx
      .update(payments)
      .set({ status: transition.ledger.status, refundedCents: transition.ledger.refundedCents, updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId))
      .returning();
    return updated!;
  });
}
