import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { MemorialCondolence, MemorialCondolenceDecision, MemorialItemStatus } from "@/domain/schemas/memorial";
import type { MemorialCondolenceCreateInput, MemorialCondolenceReceipt } from "@/domain/schemas/memorial-page";
import { localeOrDefault } from "@/domain/locales";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { memorialCondolences, memorialPhotos, memorialReports } from "@/server/db/schema/memorials";
import { notFoundError } from "@/server/http/errors";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import { enqueue, notifyEnqueued } from "@/server/jobs/queue";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireMemorial, type MemorialRow } from "@/server/services/memorial/memorial-access";
import { publicPhotoView, type MemorialPhotoRow } from "@/server/services/memorial/memorial-views";
import { deleteKeys, storePhotoVariants } from "@/server/services/memorial/photo-files";
import { deleteNow, keysOf, scheduleFileRemoval } from "@/server/services/memorial/remove-files";
import type { SpooledFile } from "@/server/services/supporting-documents/receive-multipart";

/**
 * Condolences: a visitor writes one (name, message, optionally a photo) on a link or
 * public memorial; it waits for the family (moderation "held") or shows at once
 * ("immediate"); the family is told by e-mail (a job) and approves, hides or deletes it.
 * A condolence's photo follows its condolence's state. Texts are stored as typed and
 * only ever written out as text (escaped in e-mails, drawn in the PDF).
 */

export const MEMORIAL_CONDOLENCE_EMAIL_JOB = "memorial.condolence_email";

// POST /api/v1/memorial_pages/{slug}/condolences, once admitVisitor() let the caller in.
export async function leaveCondolence(
  db: Db,
  storage: FileStorage,
  input: { memorial: MemorialRow; body: MemorialCondolenceCreateInput; spool: SpooledFile | null; locale: string; now: Date },
): Promise<MemorialCondolenceReceipt> {
  const { memorial } = input;
  const status = memorial.moderation === "immediate" ? "published" : "pending";
  const stored = input.spool ? await storePhotoVariants(storage, input.spool) : null;
  try {
    const receipt = await db.transaction(async (tx) => {
      const [condolence] = await tx
        .insert(memorialCondolences)
        .values({
          memorialId: memorial.id,
          authorName: input.body.author_name,
          message: input.body.message,
          status,
          locale: localeOrDefault(input.locale),
          publishedAt: status === "published" ? input.now : null,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning({ id: memorialCondolences.id });
      let photoId: number | null = null;
      if (stored) {
        const [photo] = await tx
          .insert(memorialPhotos)
          .values({
            memorialId: memorial.id,
            condolenceId: condolence!.id,
            source: "condolence",
            status,
            authorName: input.body.author_name,
            width: stored.width,
            height: stored.height,
            variants: stored.variants,
            createdAt: input.now,
            updatedAt: input.now,
          })
          .returning({ id: memorialPhotos.id });
        photoId = photo!.id;
      }
      await enqueue(
        tx as unknown as Db,
        { kind: MEMORIAL_CONDOLENCE_EMAIL_JOB, payload: { condolence_id: condolence!.id }, idempotencyKey: `${MEMORIAL_CONDOLENCE_EMAIL_JOB}:${condolence!.id}` },
        input.now,
      );
      return { id: condolence!.id, status, photo_id: photoId } as const;
    });
    notifyEnqueued();
    return receipt;
  } catch (error) {
    if (stored) await deleteKeys(storage, keysOf([stored]));
    throw error;
  }
}

/** Photos of these condolences, by condolence id. */
export async function condolencePhotos(db: Db, condolenceIds: readonly number[]): Promise<Map<number, MemorialPhotoRow>> {
  if (condolenceIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(memorialPhotos)
    .where(inArray(memorialPhotos.condolenceId, [...condolenceIds]));
  return new Map(rows.map((row) => [row.condolenceId!, row]));
}

// GET /api/v1/deals/{id}/memorial/condolences
export async function listFamilyCondolences(db: Db, auth: AuthSession, dealId: number, status?: MemorialItemStatus): Promise<MemorialCondolence[]> {
  const { memorial } = await requireMemorial(db, auth, dealId, "read");
  const rows = await db
    .select()
    .from(memorialCondolences)
    .where(and(eq(memorialCondolences.memorialId, memorial.id), status ? eq(memorialCondolences.status, status) : undefined))
    .orderBy(desc(memorialCondolences.createdAt), desc(memorialCondolences.id));
  const ids = rows.map((row) => row.id);
  const [photos, reports] = await Promise.all([
    condolencePhotos(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ targetId: memorialReports.targetId, n: count() })
          .from(memorialReports)
          .where(and(eq(memorialReports.memorialId, memorial.id), eq(memorialReports.targetType, "condolence"), isNull(memorialReports.resolvedAt), inArray(memorialReports.targetId, ids)))
          .groupBy(memorialReports.targetId),
  ]);
  const openReports = new Map(reports.map((row) => [row.targetId, Number(row.n)]));
  return rows.map((row) => {
    const photo = photos.get(row.id);
    return {
      id: row.id,
      author_name: row.authorName,
      message: row.message,
      status: row.status,
      photo: photo ? publicPhotoView(photo, { kind: "family", dealId }) : null,
      open_reports: openReports.get(row.id) ?? 0,
      created_at: epochSeconds(row.createdAt),
      published_at: row.publishedAt ? epochSeconds(row.publishedAt) : null,
    };
  });
}

/** Sets a condolence's state and its photo's (the caller checked who may). */
export async function setCondolenceStatus(db: Db, memorialId: number, condolenceId: number, status: "published" | "rejected", now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ publishedAt: memorialCondolences.publishedAt })
      .from(memorialCondolences)
      .where(and(eq(memorialCondolences.id, condolenceId), eq(memorialCondolences.memorialId, memorialId)))
      .for("update");
    if (!row) throw notFoundError();
    await tx
      .update(memorialCondolences)
      .set({ status, publishedAt: status === "published" ? (row.publishedAt ?? now) : row.publishedAt, updatedAt: now })
      .where(eq(memorialCondolences.id, condolenceId));
    await tx.update(memorialPhotos).set({ status, updatedAt: now }).where(eq(memorialPhotos.condolenceId, condolenceId));
  });
}

// PUT /api/v1/deals/{id}/memorial/condolences/{condolence_id}
export async function decideCondolence(db: Db, auth: AuthSession, dealId: number, condolenceId: number, input: MemorialCondolenceDecision, now: Date): Promise<MemorialCondolence> {
  const { memorial } = await requireMemorial(db, auth, dealId, "edit");
  await setCondolenceStatus(db, memorial.id, condolenceId, input.status, now);
  const all = await listFamilyCondolences(db, auth, dealId);
  return all.find((condolence) => condolence.id === condolenceId)!;
}

// DELETE /api/v1/deals/{id}/memorial/condolences/{condolence_id}: the row, its photo and the photo's files.
export async function deleteCondolence(db: Db, storage: FileStorage, auth: AuthSession, dealId: number, condolenceId: number, now: Date): Promise<void> {
  const { memorial } = await requireMemorial(db, auth, dealId, "edit");
  const keys = await db.transaction(async (tx) => {
    const photos = await tx.select({ variants: memorialPhotos.variants }).from(memorialPhotos).where(and(eq(memorialPhotos.condolenceId, condolenceId), eq(memorialPhotos.memorialId, memorial.id)));
    const deleted = await tx
      .delete(memorialCondolences)
      .where(and(eq(memorialCondolences.id, condolenceId), eq(memorialCondolences.memorialId, memorial.id)))
      .returning({ id: memorialCondolences.id });
    if (deleted.length === 0) throw notFoundError();
    await tx.delete(memorialReports).where(and(eq(memorialReports.memorialId, memorial.id), eq(memorialReports.targetType, "condolence"), eq(memorialReports.targetId, condolenceId)));
    const keys = keysOf(photos);
    await scheduleFileRemoval(tx as unknown as Db, keys, now);
    return keys;
  });
  await deleteNow(storage, keys);
}
