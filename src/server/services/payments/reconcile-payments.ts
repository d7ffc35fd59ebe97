import { and, asc, inArray, isNotNull, lt, or, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { payments } from "@/server/db/schema/payments";
import type { PaymentProviders } from "@/server/integrations/payments/payment-provider";
import { applyProviderStatus } from "@/server/services/payments/record-notification";

export const RECONCILE_PAYMENTS_JOB = "payments.reconcile";
/** How often the job runs, and how long a payment waits for its callback before we ask. */
export const RECONCILE_EVERY_MS = 5 * 60 * 1000;
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;
/** An open checkout older than this that the provider still calls "created" was abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Payments whose callback never came (the server was down between the provider's capture
 * and the callback, a webhook was lost): their status is fetched from the provider and
 * applied like any notification, so a capture is never lost and never counted twice.
 * Returns how many payments were asked about.
 */
export async function reconcilePayments(db: Db, providersOf: (db: Db) => PaymentProviders, now: Date): Promise<number> {
  const before = new Date(now.getTime() - RECONCILE_AFTER_MS);
  const open = await db
    .select({ id: payments.id, provider: payments.provider, externalId: payments.externalId, createdAt: payments.createdAt })
    .from(payments)
    .where(and(inArray(payments.status, ["created", "pending"]), isNotNull(payments.externalId), lt(payments.createdAt, before), or(isNull(payments.checkedAt), lt(payments.checkedAt, before))))
    .orderBy(asc(payments.checkedAt), asc(payments.id))
    .limit(BATCH);
  const providers = providersOf(db);
  for (const payment of open) {
    try {
      let status = await providers[payment.provider].fetchStatus(payment.externalId!);
      if (status.outcome === "created" && now.getTime() - payment.createdAt.getTime() > ABANDONED_AFTER_MS) status = { ...status, outcome: "cancelled" };
      await applyProviderStatus(db, payment.id, payment.provider, payment.externalId!, status, "reconcile", now);
    } catch (error) {
      // One provider down must not stop the others; the payment is asked again next round.
      console.warn(`[payments] reconciliation of payment ${payment.id} failed: ${error instanceof Error ? error.message : "unknown"}`);
    }
  }
  return open.length;
}
