import { and, asc, eq, inArray } from "drizzle-orm";
import { netPaidCents } from "@/domain/payments/payment-machine";
import { partRemaining } from "@/domain/payments/payment-split";
import type { Db } from "@/server/db/client";
import { payments, paymentShares } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";

export interface PaymentShareView {
  client_id: number;
  firstname: string | null;
  lastname: string | null;
  amount_cents: number;
  share: number | null;
  /** What this relative paid (captures minus refunds) since the split. */
  paid_cents: number;
  pending_cents: number;
  remaining_cents: number;
}

/**
 * The deal's split with what each relative has paid since it was made (their own
 * payments started at or after the split), so /paiement and the director see who has paid.
 */
export async function dealShares(db: Db, dealId: number): Promise<PaymentShareView[]> {
  const rows = await db
    .select({ share: paymentShares, firstname: clients.firstname, lastname: clients.lastname })
    .from(paymentShares)
    .innerJoin(clients, eq(clients.id, paymentShares.payerClientId))
    .where(eq(paymentShares.dealId, dealId))
    .orderBy(asc(paymentShares.id));
  if (rows.length === 0) return [];
  const paid = await db
    .select()
    .from(payments)
    .where(and(eq(payments.dealId, dealId), inArray(payments.payerClientId, rows.map((r) => r.share.payerClientId))));
  return rows.map(({ share, firstname, lastname }) => {
    const own = paid.filter((p) => p.payerClientId === share.payerClientId && p.createdAt >= share.createdAt);
    const paidCents = own.reduce((sum, p) => sum + netPaidCents(p), 0);
    const pendingCents = own.reduce((sum, p) => sum + (p.status === "pending" ? p.amountCents : 0), 0);
    return {
      client_id: share.payerClientId,
      firstname,
      lastname,
      amount_cents: share.amountCents,
      share: share.share,
      paid_cents: paidCents,
      pending_cents: pendingCents,
      remaining_cents: partRemaining(share.amountCents, paidCents, pendingCents),
    };
  });
}
