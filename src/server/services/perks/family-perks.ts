import { and, asc, eq, gte, isNotNull, isNull, lte, or } from "drizzle-orm";
import { perkCanRead, perkCanUse, perkCoversArea, perkOpenOn, type FamilyPerks, type FamilyPerkView } from "@/domain/schemas/perk";
import { epochSeconds, todayInFrance } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { perkCategories, perks, perkUsages } from "@/server/db/schema/content";
import { deals } from "@/server/db/schema/deals";
import { cityhalls } from "@/server/db/schema/geo";
import { defuncts } from "@/server/db/schema/procedures";
import { ApiError, forbiddenError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { dealRoleOf } from "@/server/services/deals/deal-access";
import { offerView, type PerkCategoryRef } from "@/server/services/perks/perks";

/**
 * The family's side of perks (issue 16): the perks open to one of its deals, and the use of
 * one. A perk is open when it is enabled, today (in France) is within its dates, and its
 * area, if it has one, is the département of the deal's deceased's commune of death. A use
 * is recorded once per perk and deal (unique index; a second answers 422
 * perk_usage__already_recorded and writes nothing), by the owner or an editor; readers see
 * the offers, the notary gets 403, anyone else 404 as for the deal itself. A perk the family
 * used stays on its list with its code and contact even once disabled or expired.
 */

function familyView(row: typeof perks.$inferSelect, category: PerkCategoryRef, usedAt: Date | null): FamilyPerkView {
  const offer = offerView(row, category);
  if (usedAt === null) return { ...offer, used_at: null, url: null, phone: null, code: null };
  return { ...offer, used_at: epochSeconds(usedAt) };
}

/** The family's role on the deal, allowed to read perks (404 without a role, as for the deal; 403 for the notary). */
async function requirePerkReader(db: Db, auth: AuthSession, dealId: number) {
  const role = await dealRoleOf(db, dealId, auth);
  if (!role) throw notFoundError();
  if (!perkCanRead(role)) throw forbiddenError();
  return role;
}

/** The département of the deal's deceased's commune of death, when known. */
async function dealDepartment(db: Db, dealId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: cityhalls.departmentCode })
    .from(deals)
    .innerJoin(defuncts, eq(defuncts.id, deals.defunctId))
    .innerJoin(cityhalls, eq(cityhalls.id, defuncts.deathCityhallId))
    .where(eq(deals.id, dealId))
    .limit(1);
  return row?.code ?? null;
}

const categoryColumns = { id: perkCategories.id, name: perkCategories.name, kind: perkCategories.kind };

export async function familyPerks(db: Db, auth: AuthSession, dealId: number, now: Date): Promise<FamilyPerks> {
  const role = await requirePerkReader(db, auth, dealId);
  const today = todayInFrance(now);
  const department = await dealDepartment(db, dealId);
  const open = and(
    eq(perks.active, true),
    or(isNull(perks.validFrom), lte(perks.validFrom, today)),
    or(isNull(perks.validUntil), gte(perks.validUntil, today)),
    department === null ? isNull(perks.departmentCode) : or(isNull(perks.departmentCode), eq(perks.departmentCode, department)),
  );
  const rows = await db
    .select({ perk: perks, category: categoryColumns, usedAt: perkUsages.createdAt })
    .from(perks)
    .innerJoin(perkCategories, eq(perkCategories.id, perks.perkCategoryId))
    .leftJoin(perkUsages, and(eq(perkUsages.perkId, perks.id), eq(perkUsages.dealId, dealId)))
    .where(or(open, isNotNull(perkUsages.id)))
    .orderBy(asc(perkCategories.position), asc(perkCategories.id), asc(perks.name), asc(perks.id));
  return { deal_id: dealId, can_use: perkCanUse(role), perks: rows.map((row) => familyView(row.perk, row.category, row.usedAt)) };
}

/** The family uses a perk for its deal: recorded once, then the perk answers its code and contact. */
export async function usePerk(db: Db, auth: AuthSession, perkId: number, dealId: number, now: Date): Promise<FamilyPerkView> {
  return db.transaction(async (tx) => {
    const role = await requirePerkReader(tx, auth, dealId);
    if (!perkCanUse(role)) throw forbiddenError();
    const [found] = await tx
      .select({ perk: perks, category: categoryColumns })
      .from(perks)
      .innerJoin(perkCategories, eq(perkCategories.id, perks.perkCategoryId))
      .where(eq(perks.id, perkId))
      .limit(1);
    if (!found) throw notFoundError();
    const { perk, category } = found;
    const usable = perkOpenOn({ enabled: perk.active, valid_from: perk.validFrom, valid_until: perk.validUntil }, todayInFrance(now)) && perkCoversArea(perk.departmentCode, await dealDepartment(tx, dealId));
    if (!usable) throw new ApiError(422, "perk_usage__perk__unavailable");
    // The unique index (perk, deal) settles a double tap or two relatives at once: one row, the other gets the code below.
    const [inserted] = await tx
      .insert(perkUsages)
      .values({ perkId, dealId, clientId: auth.userId, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [perkUsages.perkId, perkUsages.dealId] })
      .returning({ createdAt: perkUsages.createdAt });
    if (!inserted) throw new ApiError(422, "perk_usage__already_recorded");
    return familyView(perk, category, inserted.createdAt);
  });
}

