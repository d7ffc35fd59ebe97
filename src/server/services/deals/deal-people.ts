import { and, eq } from "drizzle-orm";
import { ASSIGNABLE_ROLES } from "@/domain/business-deal-access";
import { isRole } from "@/domain/roles";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { defuncts } from "@/server/db/schema/procedures";
import { businessUsers, clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal, type DealRow } from "@/server/services/deals/business-deal-access";
import { recordDealEvent } from "@/server/services/deals/deal-events";
import { loadDealOwner } from "@/server/services/deals/deal-owner";
import { notify } from "@/server/services/notifications/notify";
import { assertComplete } from "@/server/services/procedures/signatory";

/**
 * Who is in charge of a deal and for whom (PUT /api/v1/deals/{id}/user, owner,
 * empowered_client, brand, defunct). Each change is kept in the deal's history.
 */

export async function dealPeopleView(db: Db, deal: DealRow) {
  const [advisor] = deal.advisorId
    ? await db.select({ id: businessUsers.id, firstname: businessUsers.firstname, lastname: businessUsers.lastname, role: businessUsers.role }).from(businessUsers).where(eq(businessUsers.id, deal.advisorId)).limit(1)
    : [];
  const owner = await loadDealOwner(db, deal.id);
  return {
    id: deal.id,
    advisor: advisor ?? null,
    owner_client_id: owner?.id ?? null,
    empowered_client_id: deal.empoweredClientId,
    defunct_id: deal.defunctId,
    brand: deal.brand,
    welcome_sent_at: deal.welcomeSentAt ? epochSeconds(deal.welcomeSentAt) : null,
  };
}

async function save(db: Db, dealId: number, values: Partial<typeof deals.$inferInsert>, now: Date): Promise<DealRow> {
  const [row] = await db.update(deals).set({ ...values, updatedAt: now }).where(eq(deals.id, dealId)).returning();
  return row!;
}

/** The advisor in charge: an active director or advisor, or a partner professional (who then sees this deal's steps and todos). */
export async function assignDealUser(db: Db, auth: AuthSession, dealId: number, userId: number | null, now: Date) {
  const deal = await db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "manage", { lock: true });
    if (userId !== null) {
      const [user] = await tx.select({ role: businessUsers.role, disabled: businessUsers.disabled }).from(businessUsers).where(eq(businessUsers.id, userId)).limit(1);
      if (!user || user.disabled || !isRole(user.role) || !ASSIGNABLE_ROLES.includes(user.role)) throw new ApiError(422, "deal__user_id__not_assignable");
    }
    if (deal.advisorId === userId) return deal;
    const updated = await save(tx, deal.id, { advisorId: userId }, now);
    await recordDealEvent(tx, { dealId: deal.id, kind: "user", from: deal.advisorId, to: userId, businessUserId: auth.userId, at: now });
    if (userId !== null && userId !== auth.userId) {
      await notify(tx, { kind: "deal_assigned", title: `Dossier n° ${deal.id} confié`, dealId: deal.id, businessUserIds: [userId], now });
    }
    return updated;
  });
  return dealPeopleView(db, deal);
}

/**
 * Makes a client the deal's owner (SPEC §3: one owner per deal). The former owner stays a
 * member as editor; a client who was already a member keeps their link.
 */
export async function changeDealOwner(db: Db, auth: AuthSession, dealId: number, clientId: number, now: Date) {
  const deal = await db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "manage", { lock: true });
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
    if (!client) throw new ApiError(422, "deal__client_id__not_found");
    const current = await loadDealOwner(tx, deal.id);
    if (current?.id === clientId) return deal;
    // The former owner steps down first: the deal may hold one owner only (unique index).
    if (current) await tx.update(dealAbilities).set({ role: "editor", updatedAt: now }).where(and(eq(dealAbilities.dealId, deal.id), eq(dealAbilities.clientId, current.id)));
    await tx
      .insert(dealAbilities)
      .values({ dealId: deal.id, clientId, role: "owner", createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [dealAbilities.dealId, dealAbilities.clientId], set: { role: "owner", updatedAt: now } });
    await recordDealEvent(tx, { dealId: deal.id, kind: "owner", from: current?.id ?? null, to: clientId, businessUserId: auth.userId, at: now });
    return save(tx, deal.id, {}, now);
  });
  return dealPeopleView(db, deal);
}

/** The member with standing to arrange the funeral (la personne ayant qualité pour pourvoir aux funérailles); must hold a role on the deal. */
export async function changeEmpoweredClient(db: Db, auth: AuthSession, dealId: number, clientId: number | null, now: Date) {
  const deal = await db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "manage", { lock: true });
    if (clientId !== null) {
      const [member] = await tx.select({ id: dealAbilities.id }).from(dealAbilities).where(and(eq(dealAbilities.dealId, deal.id), eq(dealAbilities.clientId, clientId))).limit(1);
      if (!member) throw new ApiError(422, "deal__empowered_client__not_member");
    }
    if (deal.empoweredClientId === clientId) return deal;
    await recordDealEvent(tx, { dealId: deal.id, kind: "empowered_client", from: deal.empoweredClientId, to: clientId, businessUserId: auth.userId, at: now });
    return save(tx, deal.id, { empoweredClientId: clientId }, now);
  });
  return dealPeopleView(db, deal);
}

export async function changeDealBrand(db: Db, auth: AuthSession, dealId: number, brand: string | null, now: Date) {
  const deal = await db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "brand", { lock: true });
    if (deal.brand === brand) return deal;
    await recordDealEvent(tx, { dealId: deal.id, kind: "brand", from: deal.brand, to: brand, businessUserId: auth.userId, at: now });
    return save(tx, deal.id, { brand }, now);
  });
  return dealPeopleView(db, deal);
}

/**
 * Links the deal to its deceased. SPEC §5, the rule POST /clients/{id}/deceased applies too:
 * a non-null defunct id (defunct__id__blank) and a client, here the deal's owner, who has a
 * first and a last name (client__incomplete, "client is incomplete"): they sign for the family.
 */
export async function changeDealDefunct(db: Db, auth: AuthSession, dealId: number, defunctId: number | null, now: Date) {
  const deal = await db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "manage", { lock: true });
    if (defunctId === null) throw new ApiError(422, "defunct__id__blank");
    const owner = await loadDealOwner(tx, deal.id);
    assertComplete(owner ?? { firstname: null, lastname: null });
    const [defunct] = await tx.select({ id: defuncts.id }).from(defuncts).where(eq(defuncts.id, defunctId)).limit(1);
    if (!defunct) throw new ApiError(422, "defunct__id__not_found");
    if (deal.defunctId === defunctId) return deal;
    await recordDealEvent(tx, { dealId: deal.id, kind: "defunct", from: deal.defunctId, to: defunctId, businessUserId: auth.userId, at: now });
    return save(tx, deal.id, { defunctId }, now);
  });
  return dealPeopleView(db, deal);
}
