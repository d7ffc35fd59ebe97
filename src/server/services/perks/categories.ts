import { asc, count, eq } from "drizzle-orm";
import type { PerkCategoryCreate, PerkCategoryUpdate, PerkCategoryView } from "@/domain/schemas/perk";
import type { Db } from "@/server/db/client";
import { perkCategories, perks } from "@/server/db/schema/content";
import { ApiError, notFoundError } from "@/server/http/errors";

/**
 * Perk categories (SPEC §7 "perk_categories"): the headings families see their perks under,
 * of kind perks or paperworks, ordered by position. Roles 0-1 manage them, role 2 reads
 * (the routes' guards). A category still holding perks is not deleted (422
 * perk_category__perks__present): its perks would have nowhere to go.
 */

type Row = typeof perkCategories.$inferSelect;

const view = (row: Row, perksCount: number): PerkCategoryView => ({ id: row.id, name: row.name, kind: row.kind, position: row.position, perks_count: perksCount });

async function perksCountOf(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(perks).where(eq(perks.perkCategoryId, id));
  return row?.n ?? 0;
}

export async function listPerkCategories(db: Db): Promise<PerkCategoryView[]> {
  const rows = await db
    .select({ category: perkCategories, n: count(perks.id) })
    .from(perkCategories)
    .leftJoin(perks, eq(perks.perkCategoryId, perkCategories.id))
    .groupBy(perkCategories.id)
    .orderBy(asc(perkCategories.position), asc(perkCategories.id));
  return rows.map((row) => view(row.category, row.n));
}

export async function getPerkCategory(db: Db, id: number): Promise<PerkCategoryView> {
  const [row] = await db.select().from(perkCategories).where(eq(perkCategories.id, id)).limit(1);
  if (!row) throw notFoundError();
  return view(row, await perksCountOf(db, id));
}

export async function createPerkCategory(db: Db, input: PerkCategoryCreate, now: Date): Promise<PerkCategoryView> {
  const [row] = await db
    .insert(perkCategories)
    .values({ name: input.name, kind: input.kind, position: input.position ?? 0, createdAt: now, updatedAt: now })
    .returning();
  return view(row!, 0);
}

export async function updatePerkCategory(db: Db, id: number, input: PerkCategoryUpdate, now: Date): Promise<PerkCategoryView> {
  const [row] = await db
    .update(perkCategories)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      updatedAt: now,
    })
    .where(eq(perkCategories.id, id))
    .returning();
  if (!row) throw notFoundError();
  return view(row, await perksCountOf(db, id));
}

export async function deletePerkCategory(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: perkCategories.id }).from(perkCategories).where(eq(perkCategories.id, id)).for("update");
    if (!row) throw notFoundError();
    // A perk created meanwhile waits on the lock of its category's row (its foreign key), so the count holds.
    if ((await perksCountOf(tx, id)) > 0) throw new ApiError(422, "perk_category__perks__present");
    await tx.delete(perkCategories).where(eq(perkCategories.id, id));
  });
}
