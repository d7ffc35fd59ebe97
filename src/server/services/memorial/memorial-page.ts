import { and, asc, count, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { MemorialPhotoFormat, MemorialPublicPhoto } from "@/domain/schemas/memorial";
import type { MemorialCondolenceReceipt, MemorialPage } from "@/domain/schemas/memorial-page";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { memorialCondolences, memorialPhotos, memorials } from "@/server/db/schema/memorials";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import type { MemorialRow } from "@/server/services/memorial/memorial-access";
import { memorialCeremonies, publicPhotoView, type PhotoUrlBase } from "@/server/services/memorial/memorial-views";
import { insertPhoto, openVariant, type PhotoFile } from "@/server/services/memorial/photos";
import { visibleMemorial } from "@/server/services/memorial/visitor-memorial";
import type { SpooledFile } from "@/server/services/supporting-documents/receive-multipart";

/**
 * What the visitors' page reads (GET /api/v1/memorial_pages/{slug}), for the API and for
 * the server-rendered page alike: only what the family published. No e-mail, phone or
 * name of a family member, no deal number; a visitor's own name only on what they sent.
 */

export const PAGE_CONDOLENCES = 200;

export async function memorialPageView(db: Db, memorial: MemorialRow): Promise<MemorialPage> {
  const base: PhotoUrlBase = { kind: "visitor", slug: memorial.slug };
  const [photos, { views: ceremonies }, condolences, [total]] = await Promise.all([
    db
      .select()
      .from(memorialPhotos)
      .where(and(eq(memorialPhotos.memorialId, memorial.id), isNull(memorialPhotos.condolenceId), eq(memorialPhotos.status, "published")))
      .orderBy(asc(memorialPhotos.position), asc(memorialPhotos.id)),
    memorialCeremonies(db, memorial.dealId, "visitor"),
    db
      .select()
      .from(memorialCondolences)
      .where(and(eq(memorialCondolences.memorialId, memorial.id), eq(memorialCondolences.status, "published")))
      .orderBy(desc(memorialCondolences.publishedAt), desc(memorialCondolences.id))
      .limit(PAGE_CONDOLENCES),
    db
      .select({ n: count() })
      .from(memorialCondolences)
      .where(and(eq(memorialCondolences.memorialId, memorial.id), eq(memorialCondolences.status, "published"))),
  ]);
  const condolencePhotoRows =
    condolences.length === 0
      ? []
      : await db
          .select()
          .from(memorialPhotos)
          .where(and(inArray(memorialPhotos.condolenceId, condolences.map((row) => row.id)), eq(memorialPhotos.status, "published")));
  const photoOf = new Map<number, MemorialPublicPhoto>(condolencePhotoRows.map((row) => [row.condolenceId!, publicPhotoView(row, base)]));
  const gallery = photos.map((row) => publicPhotoView(row, base));
  const hasDatedCeremony = ceremonies.some((ceremony) => ceremony.starts_at !== null);
  return {
    slug: memorial.slug,
    display_name: memorial.displayName,
    birth_date: memorial.birthDate,
    death_date: memorial.deathDate,
    text: memorial.text,
    visibility: memorial.visibility === "public" ? "public" : "link",
    indexable: memorial.visibility === "public",
    cover_photo: gallery.find((photo) => photo.id === memorial.coverPhotoId) ?? null,
    photos: gallery,
    ceremonies,
    condolences: condolences.map((row) => ({
      id: row.id,
      author_name: row.authorName,
      message: row.message,
      photo: photoOf.get(row.id) ?? null,
      published_at: epochSeconds(row.publishedAt ?? row.createdAt),
    })),
    condolence_count: Number(total?.n ?? 0),
    moderation: memorial.moderation,
    visitors_may_add_photos: memorial.visitorsMayAddPhotos,
    ics_url: hasDatedCeremony ? `/api/v1/memorial_pages/${encodeURIComponent(memorial.slug)}/ceremony.ics` : null,
    updated_at: epochSeconds(memorial.updatedAt),
  };
}

/** The page's data by slug (link or public), or null: for the server-rendered page, which answers its own 404. */
export async function findMemorialPage(db: Db, slug: string): Promise<MemorialPage | null> {
  try {
    return await memorialPageView(db, await visibleMemorial(db, slug));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

// GET /api/v1/memorial_pages/{slug}
export async function getMemorialPage(db: Db, slug: string): Promise<MemorialPage> {
  return memorialPageView(db, await visibleMemorial(db, slug));
}

// POST /api/v1/memorial_pages/{slug}/photos, once admitVisitor() let the caller in.
export async function addVisitorPhoto(
  db: Db,
  storage: FileStorage,
  input: { memorial: MemorialRow; spool: SpooledFile; authorName: string; caption: string | null; now: Date },
): Promise<MemorialCondolenceReceipt> {
  const { memorial } = input;
  const status = memorial.moderation === "immediate" ? "published" : "pending";
  const row = await insertPhoto(db, storage, input.spool, { memorialId: memorial.id, source: "visitor", status, caption: input.caption, authorName: input.authorName }, input.now);
  return { id: row.id, status, photo_id: row.id };
}

// GET /api/v1/memorial_pages/{slug}/photos/{photo_id}/{file}: a published photo (a condolence's only once the condolence is).
export async function visitorPhotoFile(db: Db, storage: FileStorage, slug: string, photoId: number, width: number, format: MemorialPhotoFormat): Promise<{ file: PhotoFile; indexable: boolean }> {
  const memorial = await visibleMemorial(db, slug);
  const [row] = await db
    .select({ photo: memorialPhotos, condolenceStatus: memorialCondolences.status })
    .from(memorialPhotos)
    .leftJoin(memorialCondolences, eq(memorialCondolences.id, memorialPhotos.condolenceId))
    .where(and(eq(memorialPhotos.id, photoId), eq(memorialPhotos.memorialId, memorial.id), eq(memorialPhotos.status, "published")))
    .limit(1);
  if (!row || (row.photo.condolenceId !== null && row.condolenceStatus !== "published")) throw notFoundError();
  return { file: await openVariant(storage, row.photo, width, format), indexable: memorial.visibility === "public" };
}

/** Every public memorial's page, for the sitemap (link and private ones never). */
export async function listPublicMemorials(db: Db): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db.select({ slug: memorials.slug, updatedAt: memorials.updatedAt }).from(memorials).where(and(eq(memorials.visibility, "public"), ne(memorials.slug, ""))).orderBy(asc(memorials.id));
}
