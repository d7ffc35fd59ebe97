import { eq, inArray } from "drizzle-orm";
import type { PaymentState } from "@/domain/payments/payment-machine";
import { PROVIDER_OF_METHOD, type PaymentMethod, type PaymentProviderName } from "@/domain/payments/payment-methods";
import type { PaymentView } from "@/domain/schemas/payment";
import type { Db } from "@/server/db/client";
import { payments } from "@/server/db/schema/payments";
import { clients } from "@/server/db/schema/users";

export type PaymentRow = typeof payments.$inferSelect;

const METHOD_OF_PROVIDER = Object.fromEntries(Object.entries(PROVIDER_OF_METHOD).map(([method, provider]) => [provider, method])) as Record<PaymentProviderName, PaymentMethod>;

export function methodOf(provider: PaymentProviderName): PaymentMethod {
  return METHOD_OF_PROVIDER[provider];
}

type Payer = { id: number; firstname: string | null; lastname: string | null };

export function paymentView(row: PaymentRow, payer: Payer | null): PaymentView {
  return {
    id: row.id,
    deal_id: row.dealId,
    provider: row.provider,
    method: methodOf(row.provider),
    status: row.status as PaymentState,
    amount_cents: row.amountCents,
    captured_cents: row.capturedCents,
    refunded_cents: row.refundedCents,
    currency: "EUR",
    plan: row.plan,
    payer,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/** Views of payment rows with their payers' names, in one more query. */
export async function paymentViews(db: Db, rows: PaymentRow[]): Promise<PaymentView[]> {
  const ids = [...new Set(rows.map((r) => r.payerClientId).filter((id): id is number => id !== null))];
  const payers = ids.length ? await db.select({ id: clients.id, firstname: clients.firstname, lastname: clients.lastname }).from(clients).where(inArray(clients.id, ids)) : [];
  const byId = new Map(payers.map((p) => [p.id, p]));
  return rows.map((row) => paymentView(row, row.payerClientId === null ? null : (byId.get(row.payerClientId) ?? null)));
}

export async function findPayment(db: Db, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}
