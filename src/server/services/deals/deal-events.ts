import { asc, eq } from "drizzle-orm";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { dealEvents } from "@/server/db/schema/deals";
import { businessUsers } from "@/server/db/schema/users";

/** What the back-office changed on a deal, kept as its history (who, when, from, to). */
export type DealEventKind = "state" | "user" | "owner" | "empowered_client" | "brand" | "defunct" | "duplicated_from" | "welcome" | "document_added" | "document_deleted" | "document_batch_sent";

export async function recordDealEvent(db: Db, input: { dealId: number; kind: DealEventKind; from: string | number | null; to: string | number | null; businessUserId: number | null; at: Date }): Promise<void> {
  await db.insert(dealEvents).values({
    dealId: input.dealId,
    kind: input.kind,
    fromValue: input.from === null ? null : String(input.from),
    toValue: input.to === null ? null : String(input.to),
    businessUserId: input.businessUserId,
    createdAt: input.at,
    updatedAt: input.at,
  });
}

/** The business user who acted, as a left join of businessUsers gives them (null: the system, or a deleted user). */
export const actorColumns = { id: businessUsers.id, firstname: businessUsers.firstname, lastname: businessUsers.lastname };
export type Actor = { id: number; firstname: string; lastname: string };
export function actorOf(user: { id: number | null; firstname: string | null; lastname: string | null } | null): Actor | null {
  return user?.id ? { id: user.id, firstname: user.firstname ?? "", lastname: user.lastname ?? "" } : null;
}

export interface DealEventView {
  id: number;
  kind: string;
  from: string | null;
  to: string | null;
  by: Actor | null;
  created_at: number;
}

/** The deal's history, oldest first. */
export async function listDealEvents(db: Db, dealId: number): Promise<DealEventView[]> {
  const rows = await db
    .select({ event: dealEvents, user: actorColumns })
    .from(dealEvents)
    .leftJoin(businessUsers, eq(businessUsers.id, dealEvents.businessUserId))
    .where(eq(dealEvents.dealId, dealId))
    .orderBy(asc(dealEvents.id));
  return rows.map(({ event, user }) => ({
    id: event.id,
    kind: event.kind,
    from: event.fromValue,
    to: event.toValue,
    by: actorOf(user),
    created_at: epochSeconds(event.createdAt),
  }));
}
