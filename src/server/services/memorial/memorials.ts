import { and, asc, count, eq, isNull } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import { paths } from "@/config/paths";
import { personName } from "@/domain/person-name";
import type { Memorial, MemorialCreateInput, MemorialUpdateInput } from "@/domain/schemas/memorial";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { memorialCondolences, memorialPhotos, memorialReports, memorials } from "@/server/db/schema/memorials";
import { defuncts } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";
import type { FileStorage } from "@/server/integrations/storage/file-storage";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireMemorial, requireMemorialDeal, type MemorialHold, type MemorialRow } from "@/server/services/memorial/memorial-access";
import { familyPhotoView, memorialCeremonies } from "@/server/services/memorial/memorial-views";
import { deleteNow, keysOf, scheduleFileRemoval } from "@/server/services/memorial/remove-files";

/**
 * The family side of a memorial: create it on a funeral deal, read it, change it, give it
 * a new link, delete it (GET/POST/PUT/DELETE /api/v1/deals/{id}/memorial, POST …/slug).
 */

/** 24 characters of a 64-letter URL-safe alphabet: 144 random bits (the brief asks ≥ 128). */
export const MEMORIAL_SLUG_LENGTH = 24;
const slugAlphabet = customAlphabet("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-", MEMORIAL_SLUG_LENGTH);
export const newMemorialSlug = (): string => slugAlphabet();

export async function familyMemorialView(db: Db, memorial: MemorialRow, hold: MemorialHold): Promise<Memorial> {
  const [photos, { views: ceremonies }, [pending], [reports], [deal]] = await Promise.all([
    db
      .select()
      .from(memorialPhotos)
      .where(and(eq(memorialPhotos.memorialId, memorial.id), isNull(memorialPhotos.condolenceId)))
      .orderBy(asc(memorialPhotos.position), asc(memorialPhotos.id)),
    memorialCeremonies(db, memorial.dealId, "family"),
    db
      .select({ n: count() })
      .from(memorialCondolences)
      .where(and(eq(memorialCondolences.memorialId, memorial.id), eq(memorialCondolences.status, "pending"))),
    db
      .select({ n: count() })
      .from(memorialReports)
      .where(and(eq(memorialReports.memorialId, memorial.id), isNull(memorialReports.resolvedAt))),
    db.select({ uuid: deals.uuid }).from(deals).where(eq(deals.id, memorial.dealId)),
  ]);
  return {
    id: memorial.id,
    deal_id: memorial.dealId,
    deal_uuid: deal!.uuid,
    slug: memorial.slug,
    display_name: memorial.displayName,
    birth_date: memorial.birthDate,
    death_date: memorial.deathDate,
    text: memorial.text,
    visibility: memorial.visibility,
    moderation: memorial.moderation,
    visitors_may_add_photos: memorial.visitorsMayAddPhotos,
    cover_photo_id: memorial.coverPhotoId,
    photos: photos.map((photo) => familyPhotoView(photo, memorial.dealId)),
    ceremonies,
    pending_condolences: Number(pending?.n ?? 0),
    open_reports: Number(reports?.n ?? 0),
    role: hold.role,
    can_edit: hold.role !== "reader",
    can_manage: hold.role === "owner",
    public_path: memorial.visibility === "private" ? null : paths.memorialPage(memorial.slug),
    created_at: epochSeconds(memorial.createdAt),
    updated_at: epochSeconds(memorial.updatedAt),
  };
}

// GET
export async function getFamilyMemorial(db: Db, auth: AuthSession, dealId: number): Promise<Memorial> {
  const { hold, memorial } = await requireMemorial(db, auth, dealId, "read");
  return familyMemorialView(db, memorial, hold);
}

function checkOwnerPart(hold: MemorialHold, visibility: string | undefined, current: string): void {
  // Who may see the page is the owner's decision (SPEC §3: the owner runs the file).
  if (visibility !== undefined && visibility !== current && hold.role !== "owner") throw new ApiError(403, "forbidden");
}

function checkDates(birth: string | null, death: string | null): void {
  if (birth && death && birth > death) throw new ApiError(422, "memorial__death_date__before_birth");
}

// POST
export async function createMemorial(db: Db, auth: AuthSession, dealId: number, input: MemorialCreateInput, now: Date): Promise<Memorial> {
  const hold = await requireMemorialDeal(db, auth, dealId, "edit");
  checkOwnerPart(hold, input.visibility, "private");
  const id = await db.transaction(async (tx) => {
    const [deal] = await tx
      .select({ kind: deals.kind, firstname: defuncts.firstname, lastname: defuncts.lastname, birthDate: defuncts.birthDate, deathDate: defuncts.deathDate })
      .from(deals)
      .leftJoin(defuncts, eq(defuncts.id, deals.defunctId))
      .where(eq(deals.id, dealId))
      .for("update", { of: deals });
    if (!deal) throw new ApiError(404, "not_found");
    if (deal.kind !== "funeral") throw new ApiError(422, "memorial__deal__not_funeral");
    const [existing] = await tx.select({ id: memorials.id }).from(memorials).where(eq(memorials.dealId, dealId)).limit(1);
    if (existing) throw new ApiError(422, "memorial__deal__already_exists");
    const displayName = input.display_name ?? personName(deal);
    if (!displayName) throw new ApiError(422, "memorial__display_name__blank");
    const birthDate = input.birth_date !== undefined ? input.birth_date : deal.birthDate;
    const deathDate = input.death_date !== undefined ? input.death_date : deal.deathDate;
    checkDates(birthDate, deathDate);
    const [row] = await tx
      .insert(memorials)
      .values({
        dealId,
        slug: newMemorialSlug(),
        displayName,
        birthDate,
        deathDate,
        text: input.text ?? "",
        visibility: input.visibility ?? "private",
        moderation: input.moderation ?? "held",
        visitorsMayAddPhotos: input.visitors_may_add_photos ?? false,
        createdByClientId: auth.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: memorials.id });
    return row!.id;
  });
  const [memorial] = await db.select().from(memorials).where(eq(memorials.id, id));
  return familyMemorialView(db, memorial!, hold);
}

// PUT
export async function updateMemorial(db: Db, auth: AuthSession, dealId: number, input: MemorialUpdateInput, now: Date): Promise<Memorial> {
  const { hold } = await requireMemorial(db, auth, dealId, "edit");
  const updated = await db.transaction(async (tx) => {
    const [memorial] = await tx.select().from(memorials).where(eq(memorials.dealId, dealId)).for("update");
    if (!memorial) throw new ApiError(404, "not_found");
    checkOwnerPart(hold, input.visibility, memorial.visibility);
    checkDates(input.birth_date !== undefined ? input.birth_date : memorial.birthDate, input.death_date !== undefined ? input.death_date : memorial.deathDate);
    if (input.cover_photo_id) {
      const [photo] = await tx
        .select({ id: memorialPhotos.id })
        .from(memorialPhotos)
        .where(and(eq(memorialPhotos.id, input.cover_photo_id), eq(memorialPhotos.memorialId, memorial.id), isNull(memorialPhotos.condolenceId), eq(memorialPhotos.status, "published")));
      if (!photo) throw new ApiError(422, "memorial__cover_photo_id__unknown");
    }
    const [row] = await tx
      .update(memorials)
      .set({
        ...(input.display_name !== undefined ? { displayName: input.display_name } : {}),
        ...(input.birth_date !== undefined ? { birthDate: input.birth_date } : {}),
        ...(input.death_date !== undefined ? { deathDate: input.death_date } : {}),
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
        ...(input.moderation !== undefined ? { moderation: input.moderation } : {}),
        ...(input.visitors_may_add_photos !== undefined ? { visitorsMayAddPhotos: input.visitors_may_add_photos } : {}),
        ...(input.cover_photo_id !== undefined ? { coverPhotoId: input.cover_photo_id } : {}),
        updatedAt: now,
      })
      .where(eq(memorials.id, memorial.id))
      .returning();
    return row!;
  });
  return familyMemorialView(db, updated, hold);
}

// POST …/slug: the old link dies at once (the visitors' routes read the slug from this row only).
export async function regenerateMemorialSlug(db: Db, auth: AuthSession, dealId: number, now: Date): Promise<Memorial> {
  const { hold, memorial } = await requireMemorial(db, auth, dealId, "manage");
  const [row] = await db.update(memorials).set({ slug: newMemorialSlug(), updatedAt: now }).where(eq(memorials.id, memorial.id)).returning();
  return familyMemorialView(db, row!, hold);
}

// DELETE: every photo's files (gallery and condolences') go with the rows.
export async function deleteMemorial(db: Db, storage: FileStorage, auth: AuthSession, dealId: number, now: Date): Promise<void> {
  await requireMemorial(db, auth, dealId, "manage");
  const keys = await db.transaction(async (tx) => {
    const [memorial] = await tx.select().from(memorials).where(eq(memorials.dealId, dealId)).for("update");
    if (!memorial) throw new ApiError(404, "not_found");
    const photos = await tx.select({ variants: memorialPhotos.variants }).from(memorialPhotos).where(eq(memorialPhotos.memorialId, memorial.id));
    const keys = keysOf(photos);
    await scheduleFileRemoval(tx, keys, now);
    await tx.delete(memorials).where(eq(memorials.id, memorial.id));
    return keys;
  });
  await deleteNow(storage, keys);
}
