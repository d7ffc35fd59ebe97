import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { MemorialItemStatus, MemorialReport, MemorialReportDecision } from "@/domain/schemas/memorial";
import type { MemorialReportCreateInput } from "@/domain/schemas/memorial-page";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { memorialCondolences, memorialPhotos, memorialReports } from "@/server/db/schema/memorials";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { setCondolenceStatus } from "@/server/services/memorial/condolences";
import { requireMemorial } from "@/server/services/memorial/memorial-access";
import { admitVisitor } from "@/server/services/memorial/visitor-memorial";

/**
 * Reports: a visitor flags a condolence or a photo they can see (no identity kept, only
 * the reason typed); the family's moderation list shows open reports first, and the
 * family hides the item (its state becomes rejected) or dismisses the report.
 */

async function visibleTarget(db: Db, memorialId: number, type: "condolence" | "photo", id: number): Promise<boolean> {
  if (type === "condolence") {
    const [row] = await db
      .select({ id: memorialCondolences.id })
      .from(memorialCondolences)
      .where(and(eq(memorialCondolences.id, id), eq(memorialCondolences.memorialId, memorialId), eq(memorialCondolences.status, "published")));
    return Boolean(row);
  }
  const [row] = await db
    .select({ id: memorialPhotos.id })
    .from(memorialPhotos)
    .where(and(eq(memorialPhotos.id, id), eq(memorialPhotos.memorialId, memorialId), eq(memorialPhotos.status, "published")));
  return Boolean(row);
}

// POST /api/v1/memorial_pages/{slug}/reports
export async function reportItem(db: Db, slug: string, input: MemorialReportCreateInput, ip: string | null, now: Date): Promise<{ id: number }> {
  const memorial = await admitVisitor(db, slug, "report", ip, now);
  if (!(await visibleTarget(db, memorial.id, input.target_type, input.target_id))) throw new ApiError(422, "memorial_report__target__unknown");
  const [row] = await db
    .insert(memorialReports)
    .values({ memorialId: memorial.id, targetType: input.target_type, targetId: input.target_id, reason: input.reason, createdAt: now, updatedAt: now })
    .returning({ id: memorialReports.id });
  return { id: row!.id };
}

// GET /api/v1/deals/{id}/memorial/reports
export async function listReports(db: Db, auth: AuthSession, dealId: number): Promise<MemorialReport[]> {
  const { memorial } = await requireMemorial(db, auth, dealId, "edit");
  const rows = await db
    .select()
    .from(memorialReports)
    .where(eq(memorialReports.memorialId, memorial.id))
    .orderBy(sql`${memorialReports.resolvedAt} IS NOT NULL`, desc(memorialReports.createdAt), asc(memorialReports.id));
  const condolenceIds = rows.filter((row) => row.targetType === "condolence").map((row) => row.targetId);
  const photoIds = rows.filter((row) => row.targetType === "photo").map((row) => row.targetId);
  const [condolences, photos] = await Promise.all([
    condolenceIds.length
      ? db.select({ id: memorialCondolences.id, status: memorialCondolences.status, message: memorialCondolences.message }).from(memorialCondolences).where(and(eq(memorialCondolences.memorialId, memorial.id), inArray(memorialCondolences.id, condolenceIds)))
      : Promise.resolve([]),
    photoIds.length ? db.select({ id: memorialPhotos.id, status: memorialPhotos.status }).from(memorialPhotos).where(and(eq(memorialPhotos.memorialId, memorial.id), inArray(memorialPhotos.id, photoIds))) : Promise.resolve([]),
  ]);
  const condolenceOf = new Map(condolences.map((row) => [row.id, row]));
  const photoStatus = new Map<number, MemorialItemStatus>(photos.map((row) => [row.id, row.status]));
  return rows.map((row) => {
    const condolence = row.targetType === "condolence" ? condolenceOf.get(row.targetId) : undefined;
    return {
      id: row.id,
      target_type: row.targetType,
      target_id: row.targetId,
      target_status: row.targetType === "condolence" ? (condolence?.status ?? null) : (photoStatus.get(row.targetId) ?? null),
      excerpt: condolence ? condolence.message.slice(0, 200) : null,
      reason: row.reason,
      resolution: row.resolution === "hidden" || row.resolution === "dismissed" ? row.resolution : null,
      created_at: epochSeconds(row.createdAt),
      resolved_at: row.resolvedAt ? epochSeconds(row.resolvedAt) : null,
    };
  });
}

// PUT /api/v1/deals/{id}/memorial/reports/{report_id}: hiding resolves every open report on the same item.
export async function decideReport(db: Db, auth: AuthSession, dealId: number, reportId: number, input: MemorialReportDecision, now: Date): Promise<MemorialReport> {
  const { memorial } = await requireMemorial(db, auth, dealId, "edit");
  const [report] = await db
    .select()
    .from(memorialReports)
    .where(and(eq(memorialReports.id, reportId), eq(memorialReports.memorialId, memorial.id)));
  if (!report) throw notFoundError();
  if (input.action === "hide") {
    if (report.targetType === "condolence") {
      await setCondolenceStatus(db, memorial.id, report.targetId, "rejected", now).catch((error: unknown) => {
        // The condolence was deleted meanwhile: nothing left to hide.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
    } else {
      await db
        .update(memorialPhotos)
        .set({ status: "rejected", updatedAt: now })
        .where(and(eq(memorialPhotos.id, report.targetId), eq(memorialPhotos.memorialId, memorial.id)));
    }
    await db
      .update(memorialReports)
      .set({ resolution: "hidden", resolvedAt: now, updatedAt: now })
      .where(and(eq(memorialReports.memorialId, memorial.id), eq(memorialReports.targetType, report.targetType), eq(memorialReports.targetId, report.targetId), isNull(memorialReports.resolvedAt)));
  } else {
    await db.update(memorialReports).set({ resolution: "dismissed", resolvedAt: now, updatedAt: now }).where(eq(memorialReports.id, report.id));
  }
  return (await listReports(db, auth, dealId)).find((row) => row.id === reportId)!;
}
