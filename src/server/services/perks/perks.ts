import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { PerkCreate, PerkUpdate, PerkUsageView, PerkView } from "@/domain/schemas/perk";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { perkCategories, perks, perkUsages } from "@/server/db/schema/content";
import { departments } from "@/server/db/schema/geo";
import { clients } from "@/server/db/schema/users";
import { ApiError, notFoundError } from "@/server/http/errors";

/**
 * Perks as the funeral home runs them (SPEC §7 "perks and usages"): roles 0-1 create,
 * change, enable or disable and delete them, role 2 reads them with how often families used
 * each; the usages themselves (which family, when) are the directors'. A perk families have
 * used is not deleted (422 perk__usages__present): it is disabled, and the record stays.
 */

type Row = typeof perks.$inferSelect;
export type PerkCategoryRef = Pick<typeof perkCategories.$inferSelect, "id" | "name" | "kind">;
type Category = PerkCategoryRef;

/** The offer as every reader sees it (the family's view hides the contact and code until used). */
export function offerView(row: Row, category: Category) {
  return {
    id: row.id,
    category: { id: category.id, name: category.name, kind: category.kind },
    name: row.name,
    partner_name: row.partnerName,
    benefit: row.benefit,
    description: row.description,
    how_to_use: row.howToUse,
    conditions: row.conditions,
    valid_until: row.validUntil,
    department_code: row.departmentCode,
    demo: row.demo,
    url: row.url,
    phone: row.phone,
    code: row.code,
  };
}

function view(row: Row, category: Category, usages: number): PerkView {
  return {
    ...offerView(row, category),
    valid_from: row.validFrom,
    enabled: row.active,
    usages_count: usages,
    created_at: epochSeconds(row.createdAt),
    updated_at: epochSeconds(row.updatedAt),
  };
}

const usagesCount = count(perkUsages.id);
const categoryColumns = { id: perkCategories.id, name: perkCategories.name, kind: perkCategories.kind };

async function selectPerks(db: Db, where: SQL | undefined): Promise<PerkView[]> {
  const rows = await db
    .select({ perk: perks, category: categoryColumns, usages: usagesCount })
    .from(perks)
    .innerJoin(perkCategories, eq(perkCategories.id, perks.perkCategoryId))
    .leftJoin(perkUsages, eq(perkUsages.perkId, perks.id))
    .where(where)
    .groupBy(perks.id, perkCategories.id)
    .orderBy(asc(perkCategories.position), asc(perkCategories.id), asc(perks.name), asc(perks.id));
  return rows.map((row) => view(row.perk, row.category, row.usages));
}

export async function listPerks(db: Db, query: { perk_category_id?: number | undefined; enabled?: "true" | "false" | undefined }): Promise<PerkView[]> {
  const filters = [
    query.perk_category_id !== undefined ? eq(perks.perkCategoryId, query.perk_category_id) : undefined,
    query.enabled !== undefined ? eq(perks.active, query.enabled === "true") : undefined,
  ].filter((f): f is SQL => f !== undefined);
  return selectPerks(db, filters.length > 0 ? and(...filters) : undefined);
}

export async function getPerk(db: Db, id: number): Promise<PerkView> {
  const [found] = await selectPerks(db, eq(perks.id, id));
  if (!found) throw notFoundError();
  return found;
}

/** The references a write names must exist: a 422 with the field's code, never a foreign-key 500. */
async function checkReferences(db: Db, input: { perk_category_id?: number | undefined; department_code?: string | null | undefined }): Promise<void> {
  const codes: string[] = [];
  if (input.perk_category_id !== undefined) {
    const [category] = await db.select({ id: perkCategories.id }).from(perkCategories).where(eq(perkCategories.id, input.perk_category_id)).limit(1);
    if (!category) codes.push("perk__perk_category_id__unknown");
  }
  if (input.department_code) {
    const [department] = await db.select({ code: departments.code }).from(departments).where(eq(departments.code, input.department_code)).limit(1);
    if (!department) codes.push("perk__department_code__unknown");
  }
  if (codes.length > 0) throw new ApiError(422, codes);
}

function columnsOf(input: PerkUpdate): Partial<typeof perks.$inferInsert> {
  const set: Partial<typeof perks.$inferInsert> = {};
  if (input.perk_category_id !== undefined) set.perkCategoryId = input.perk_category_id;
  if (input.name !== undefined) set.name = input.name;
  if (input.partner_name !== undefined) set.partnerName = input.partner_name;
  if (input.benefit !== undefined) set.benefit = input.benefit;
  if (input.description !== undefined) set.description = input.description;
  if (input.how_to_use !== undefined) set.howToUse = input.how_to_use;
  if (input.conditions !== undefined) set.conditions = input.conditions;
  if (input.valid_from !== undefined) set.validFrom = input.valid_from;
  if (input.valid_until !== undefined) set.validUntil = input.valid_until;
  if (input.department_code !== undefined) set.departmentCode = input.department_code;
  if (input.url !== undefined) set.url = input.url;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.code !== undefined) set.code = input.code;
  if (input.enabled !== undefined) set.active = input.enabled;
  if (input.demo !== undefined) set.demo = input.demo;
  return set;
}

export async function createPerk(db: Db, input: PerkCreate, now: Date): Promise<PerkView> {
  await checkReferences(db, input);
  const [row] = await db
    .insert(perks)
    .values({ ...columnsOf(input), perkCategoryId: input.perk_category_id, name: input.name, partnerName: input.partner_name, createdAt: now, updatedAt: now })
    .returning({ id: perks.id });
  return getPerk(db, row!.id);
}

export async function updatePerk(db: Db, id: number, input: PerkUpdate, now: Date): Promise<PerkView> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(perks).where(eq(perks.id, id)).for("update");
    if (!current) throw notFoundError();
    await checkReferences(tx, input);
    // A change of one date is checked against the other as stored.
    const from = input.valid_from !== undefined ? input.valid_from : current.validFrom;
    const until = input.valid_until !== undefined ? input.valid_until : current.validUntil;
    if (from && until && until < from) throw new ApiError(422, "perk__valid_until__before_valid_from");
    await tx.update(perks).set({ ...columnsOf(input), updatedAt: now }).where(eq(perks.id, id));
    return getPerk(tx, id);
  });
}

export async function deletePerk(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: perks.id }).from(perks).where(eq(perks.id, id)).for("update");
    if (!row) throw notFoundError();
    // A usage recorded meanwhile waits on this row's lock (its foreign key), so the count holds.
    const [used] = await tx.select({ n: count() }).from(perkUsages).where(eq(perkUsages.perkId, id));
    if ((used?.n ?? 0) > 0) throw new ApiError(422, "perk__usages__present");
    await tx.delete(perks).where(eq(perks.id, id));
  });
}

/** Who used a perk and when (roles 0-1), newest first. */
export async function listPerkUsages(db: Db, perkId: number): Promise<PerkUsageView[]> {
  const [perk] = await db.select({ id: perks.id }).from(perks).where(eq(perks.id, perkId)).limit(1);
  if (!perk) throw notFoundError();
  const rows = await db
    .select({ usage: perkUsages, firstname: clients.firstname, lastname: clients.lastname })
    .from(perkUsages)
    .leftJoin(clients, eq(clients.id, perkUsages.clientId))
    .where(eq(perkUsages.perkId, perkId))
    .orderBy(desc(perkUsages.createdAt), desc(perkUsages.id));
  return rows.map(({ usage, firstname, lastname }) => ({
    id: usage.id,
    perk_id: usage.perkId,
    deal_id: usage.dealId,
    client_id: usage.clientId,
    client_name: [firstname, lastname].filter(Boolean).join(" ") || null,
    created_at: epochSeconds(usage.createdAt),
  }));
}
