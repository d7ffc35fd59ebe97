import type { Readable } from "node:stream";
import { and, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { MEMORIAL_LIMITS, type MemorialItemStatus, type MemorialPhoto, type MemorialPhotoFormat, type MemorialPhotoOrderInput, type MemorialPhotoSource, type MemorialPhotoUpdateInput } from "@/domain/schemas/memorial";
import type { Db } from "@/server/db/client";
import { memorialPhotos, memorialReports, memorials, type MemorialPhotoVariantRow } from "@/server/db/schema/memorials";
import { ApiError, notFoundError } from "@/server/http/errors";
import { StorageNotFoundError, type FileStorage } from "@/server/integrations/storage/file-storage";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireMemorial } from "@/server/services/memorial/memorial-access";
import { familyPhotoView, type MemorialPhotoRow } from "@/server/services/memorial/memorial-views";
import { deleteKeys, storePhotoVariants } from "@/server/services/memorial/photo-files";
import { deleteNow, keysOf, scheduleFileRemoval } from "@/server/services/memorial/remove-files";
import type { SpooledFile } from "@/server/services/supporting-documents/receive-multipart";

/**
 * A memorial's photos: the family's gallery (upload, caption, decide on a visitor's
 * photo, order, delete) and the one photo a visitor may send with a condolence. The
 * files are stored first (judged and re-encoded, photo-files.ts), then the row is written;
 * if the row cannot be written the files are deleted again.
 */

export interface NewPhoto {
  memorialId: number;
  source: MemorialPhotoSource;
  status: MemorialItemStatus;
  caption?: string | null;
  authorName?: string | null;
  uploadedByClientId?: number | null;
  condolenceId?: number | null;
}

/** Stores the spooled picture, then writes its row; the gallery's limit is checked under the memorial's lock. */
export async function insertPhoto(db: Db, storage: FileStorage, spool: SpooledFile, photo: NewPhoto, now: Date): Promise<MemorialPhotoRow> {
  const stored = await storePhotoVariants(storage, spool);
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: memorials.id }).from(memorials).where(eq(memorials.id, photo.memorialId)).for("update");
      const [last] = await tx
        .select({ position: max(memorialPhotos.position), n: sql<number>`count(*)::int` })
        .from(memorialPhotos)
        .where(and(eq(memorialPhotos.memorialId, photo.memorialId), isNull(memorialPhotos.condolenceId)));
      if (!photo.condolenceId && Number(last?.n ?? 0) >= MEMORIAL_LIMITS.photos) throw new ApiError(422, "memorial_photo__memorial__too_many");
      const [row] = await tx
        .insert(memorialPhotos)
        .values({
          memorialId: photo.memorialId,
          condolenceId: photo.condolenceId ?? null,
          source: photo.source,
          status: photo.status,
          caption: photo.caption ?? null,
          authorName: photo.authorName ?? null,
          uploadedByClientId: photo.uploadedByClientId ?? null,
          position: photo.condolenceId ? 0 : Number(last?.position ?? -1) + 1,
          width: stored.width,
          height: stored.height,
          variants: stored.variants,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    await deleteKeys(
      storage,
      stored.variants.map((variant) => variant.key),
    );
    throw error;
  }
}

// POST /api/v1/deals/{id}/memorial/photos
export async function addFamilyPhoto(db: Db, storage: FileStorage, auth: AuthSession, dealId: number, spool: SpooledFile, caption: string | null, now: Date): Promise<MemorialPhoto> {
  const { memorial } = await requireMemorial(db, auth, dealId, "edit");
  const row = await insertPhoto(db, storage, spool, { memorialId: memorial.id, source: "family", status: "published", caption, uploadedByClientId: auth.userId }, now);
  return familyPhotoView(row, dealId);
}

async function galleryPhoto(db: Db, memorialId: number, photoId: number): Promise<MemorialPhotoRow> {
  const [row] = await db
    .select()
    .from(memorialPhotos)
    .where(and(eq(memorialPhotos.id, photoId), eq(memorialPhotos.memorialId, memorialId)))
    .limit(1);
  if (!row) throw notFoundError();
  return row;
}

// PUT /api/v1/deals/{id}/memorial/photos/{photo_id}
export async function updateFamilyPhoto(db: Db, auth: AuthSession, dealId: number, photoId: number, input: MemorialPhotoUpdateInput, now: Date): Promise<MemorialPhoto> {
  const { memorial } = await requireMemorial(db, auth, dealId, "edit");
  await galleryPhoto(db, memorial.id, photoId);
  const [row] = await db
    .update(memorialPhotos)
    .set({ ...(input.caption !== undefined ? { caption: input.caption } : {}), ...(input.status !== undefined ? { status: input.status } : {}), updatedAt: now })
    .where(eq(memorialPhotos.id, photoId))
    .returning();
  // A hidden photo cannot stay the page's cover.
  if (input.status === "rejected" && memorial.coverPhotoId === photoId) await db.update(memorials).set({ coverPhotoId: null, updatedAt: now }).where(eq(memorials.id, memorial.id));
  return familyPhotoView(row!, dealId);
}

/** Deletes photo rows and their files (the caller checked who may). */
export async function removePhotos(db: Db, storage: FileStorage, memorialId: number, photoIds: readonly number[], now: Date): Promise<void> {
  if (photoIds.length === 0) return;
  const keys = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(memorialPhotos)
      .where(and(eq(memorialPhotos.memorialId, memorialId), inArray(memorialPhotos.id, [...photoIds])))
      .returning({ variants: memorialPhotos.variants });
    // Reports on a photo that no longer exists have nothing left to decide.
    await tx.delete(memorialReports).where(and(eq(memorialReports.memorialId, memorialId), eq(memorialReports.targetType, "photo"), inArray(memorialReports.targetId, [...photoIds])));
    const keys = keysOf(rows);
    await scheduleFileRemoval(tx as unknown as Db, keys, now);
    return keys;
  });
  await deleteNow(storage, keys);
}

// DELETE /api/v1/deals/{id}/memorial/photos/{photo_id}
export async function deleteFamilyPhoto(db: Db, storage: FileStorage, auth: AuthSession, dealId: number, photoId: number, now: Date): Promise<void> {
  const { memorial } = await requireMemorial(db, auth, dealId, "edit");
  await galleryPhoto(db, memorial.id, photoId);
  await removePhotos(db, storage, memorial.id, [photoId], now);
}

// PUT /api/v1/deals/{id}/memorial/photo_order: the gallery's ids, each once, in the new order.
export async function reorderFamilyPhotos(db: Db, auth: AuthSession, dealId: number, input: MemorialPhotoOrderInput, now: Date): Promise<MemorialPhoto[]> {
  const { memorial } = await requireMemorial(db, auth, dealId, "edit");
  return db.transaction(async (tx) => {
    await tx.select({ id: memorials.id }).from(memorials).where(eq(memorials.id, memorial.id)).for("update");
    const rows = await tx
      .select({ id: memorialPhotos.id })
      .from(memorialPhotos)
      .where(and(eq(memorialPhotos.memorialId, memorial.id), isNull(memorialPhotos.condolenceId)));
    const current = new Set(rows.map((row) => row.id));
    const asked = new Set(input.photo_ids);
    if (asked.size !== input.photo_ids.length || asked.size !== current.size || input.photo_ids.some((id) => !current.has(id))) {
      throw new ApiError(422, "memorial_photo__photo_ids__mismatch");
    }
    for (const [position, id] of input.photo_ids.entries()) await tx.update(memorialPhotos).set({ position, updatedAt: now }).where(eq(memorialPhotos.id, id));
    const updated = await tx
      .select()
      .from(memorialPhotos)
      .where(and(eq(memorialPhotos.memorialId, memorial.id), isNull(memorialPhotos.condolenceId)))
      .orderBy(memorialPhotos.position, memorialPhotos.id);
    return updated.map((row) => familyPhotoView(row, dealId));
  });
}

export interface PhotoFile {
  stream: Readable;
  contentType: string;
  byteSize: number;
}

/** The stored variant of a photo the caller may see (the route has checked which photos that is). */
export async function openVariant(storage: FileStorage, row: MemorialPhotoRow, width: number, format: MemorialPhotoFormat): Promise<PhotoFile> {
  const variant: MemorialPhotoVariantRow | undefined = row.variants.find((v) => v.width === width && v.format === format);
  if (!variant) throw notFoundError();
  try {
    return { stream: await storage.get(variant.key), contentType: format === "webp" ? "image/webp" : "image/jpeg", byteSize: variant.byteSize };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFoundError();
    throw error;
  }
}

// GET /api/v1/deals/{id}/memorial/photos/{photo_id}/{file}: any state, to every reading holder.
export async function familyPhotoFile(db: Db, storage: FileStorage, auth: AuthSession, dealId: number, photoId: number, width: number, format: MemorialPhotoFormat): Promise<PhotoFile> {
  const { memorial } = await requireMemorial(db, auth, dealId, "read");
  return openVariant(storage, await galleryPhoto(db, memorial.id, photoId), width, format);
}
