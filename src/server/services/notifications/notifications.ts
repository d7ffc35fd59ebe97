import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { pagingMeta } from "@/domain/schemas/common";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { notifications } from "@/server/db/schema/content";
import { notFoundError } from "@/server/http/errors";

/**
 * A business user's own notifications (GET /api/v1/notifications, …/count, PUT …/viewed).
 * Every query is bound to the caller's id: another user's notification is 404, never seen.
 */

type Row = typeof notifications.$inferSelect;

function view(row: Row) {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, deal_id: row.dealId, viewed: row.viewedAt !== null, viewed_at: row.viewedAt ? epochSeconds(row.viewedAt) : null, created_at: epochSeconds(row.createdAt) };
}

export async function listNotifications(db: Db, userId: number, params: { page: number; per_page: number; viewed?: "true" | "false" | undefined }) {
  const conditions: SQL[] = [eq(notifications.businessUserId, userId)];
  if (params.viewed === "true") conditions.push(isNotNull(notifications.viewedAt));
  if (params.viewed === "false") conditions.push(isNull(notifications.viewedAt));
  const where = and(...conditions);
  const [total] = await db.select({ value: count() }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(params.per_page)
    .offset((params.page - 1) * params.per_page);
  return { data: rows.map(view), meta: pagingMeta(params.page, params.per_page, Number(total?.value ?? 0)) };
}

export async function countUnviewed(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(notifications).where(and(eq(notifications.businessUserId, userId), isNull(notifications.viewedAt)));
  return Number(row?.value ?? 0);
}

/** Marks one notification viewed (already viewed keeps its first time). */
export async function markViewed(db: Db, userId: number, id: number, now: Date) {
  const [row] = await db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.businessUserId, userId))).limit(1);
  if (!row) throw notFoundError();
  if (row.viewedAt) return view(row);
  const [updated] = await db.update(notifications).set({ viewedAt: now, updatedAt: now }).where(eq(notifications.id, row.id)).returning();
  return view(updated!);
}

/**
 * Marks many viewed. All ids must be the caller's: one that is not (another user's, or
 * none) answers 404 and changes nothing, so a list cannot be used to probe others' ids.
 */
export async function markManyViewed(db: Db, userId: number, ids: readonly number[], now: Date): Promise<{ updated: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const own = await tx.select({ id: notifications.id }).from(notifications).where(and(inArray(notifications.id, unique), eq(notifications.businessUserId, userId)));
    if (own.length !== unique.length) throw notFoundError();
    const updated = await tx
      .update(notifications)
      .set({ viewedAt: now, updatedAt: now })
      .where(and(inArray(notifications.id, unique), eq(notifications.businessUserId, userId), isNull(notifications.viewedAt)))
      .returning({ id: notifications.id });
    return { updated: updated.length };
  });
}

export async function markAllViewed(db: Db, userId: number, now: Date): Promise<{ updated: number }> {
  const updated = await db
    .update(notifications)
    .set({ viewedAt: now, updatedAt: now })
    .where(and(eq(notifications.businessUserId, userId), isNull(notifications.viewedAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}
