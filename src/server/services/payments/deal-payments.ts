import { asc, eq } from "drizzle-orm";
import { dealPaymentTotals, netPaidCents, type PaymentState } from "@/domain/payments/payment-machine";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { payments } from "@/server/db/schema/payments";
import { notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { mayReadDealPayments } from "@/server/services/payments/payment-access";
import { paymentViews } from "@/server/services/payments/payment-view";
import { dealShares } from "@/server/services/payments/share-views";

/** What a deal asks, what was paid (captures minus refunds), what is pending and remains, per payer. */
export async function dealPayments(db: Db, auth: AuthSession, dealId: number) {
  if (!(await mayReadDealPayments(db, auth, dealId))) throw notFoundError();
  return dealBalance(db, dealId);
}

/** The same, without the access check: for callers that already checked (the payment page). */
export async function dealBalance(db: Db, dealId: number) {
  const [deal] = await db.select({ id: deals.id, totalCents: deals.totalCents }).from(deals).where(eq(deals.id, dealId)).limit(1);
  if (!deal) throw notFoundError();
  const rows = await db.select().from(payments).where(eq(payments.dealId, dealId)).orderBy(asc(payments.createdAt), asc(payments.id));
  const views = await paymentViews(db, rows);
  const totals = dealPaymentTotals(
    deal.totalCents ?? 0,
    rows.map((r) => ({ ...r, status: r.status as PaymentState })),
  );
  const payers = new Map<number | null, { client_id: number | null; firstname: string | null; lastname: string | null; paid_cents: number; pending_cents: number }>();
  rows.forEach((row, index) => {
    const view = views[index]!;
    const entry = payers.get(row.payerClientId) ?? { client_id: row.payerClientId, firstname: view.payer?.firstname ?? null, lastname: view.payer?.lastname ?? null, paid_cents: 0, pending_cents: 0 };
    entry.paid_cents += netPaidCents(row);
    if (row.status === "pending") entry.pending_cents += row.amountCents;
    payers.set(row.payerClientId, entry);
  });
  return {
    data: {
      deal_id: deal.id,
      due_cents: totals.dueCents,
      captured_cents: totals.capturedCents,
      refunded_cents: totals.refundedCents,
      paid_cents: totals.paidCents,
      pending_cents: totals.pendingCents,
      remaining_cents: totals.remainingCents,
      payers: [...payers.values()],
      payments: views,
      /** The family split set by the deal's owner, with who has paid their part; empty when none. */
      shares: await dealShares(db, deal.id),
    },
  };
}
