import { and, asc, eq } from "drizzle-orm";
import type { BookingTransactionView } from "@/domain/schemas/booking-transaction";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { bookingTransactions } from "@/server/db/schema/deals";
import { notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";

/**
 * A deal's bookings with partners (a crematorium slot, a ceremony hall): the answer is
 * recorded on update (booking_accepted | booking_rejected, SPEC §4) with when it came.
 * Same roles as the deal's steps ("work").
 */
type Row = typeof bookingTransactions.$inferSelect;

export function bookingView(row: Row): BookingTransactionView {
  return {
    id: row.id,
    deal_id: row.dealId,
    deal_step_id: row.dealStepId,
    partner_type: row.partnerType,
    partner_id: row.partnerId,
    status: row.status,
    comment: row.comment,
    answered_at: row.answeredAt ? epochSeconds(row.answeredAt) : null,
    created_at: epochSeconds(row.createdAt),
  };
}

export async function listBookingTransactions(db: Db, auth: AuthSession, dealId: number): Promise<BookingTransactionView[]> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "work");
  return (await db.select().from(bookingTransactions).where(eq(bookingTransactions.dealId, deal.id)).orderBy(asc(bookingTransactions.id))).map(bookingView);
}

export async function updateBookingTransaction(
  db: Db,
  auth: AuthSession,
  dealId: number,
  bookingId: number,
  input: { status: "booking_accepted" | "booking_rejected"; comment?: string },
  now: Date,
): Promise<BookingTransactionView> {
  const { deal } = await requireBusinessDeal(db, auth, dealId, "work");
  const [row] = await db
    .update(bookingTransactions)
    .set({ status: input.status, ...(input.comment !== undefined ? { comment: input.comment || null } : {}), answeredAt: now, updatedAt: now })
    .where(and(eq(bookingTransactions.id, bookingId), eq(bookingTransactions.dealId, deal.id)))
    .returning();
  if (!row) throw notFoundError();
  return bookingView(row);
}
