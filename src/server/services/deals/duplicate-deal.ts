import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { dealAbilities, dealSteps, deals, dealsProducts, dealsServices } from "@/server/db/schema/deals";
import type { AuthSession } from "@/server/services/auth-tokens";
import { requireBusinessDeal } from "@/server/services/deals/business-deal-access";
import { recordDealEvent } from "@/server/services/deals/deal-events";

/**
 * POST /api/v1/deals/{id}/duplicate: a new draft deal of the same kind for the same family
 * and deceased, with the same products and services at the prices frozen on the original
 * (the quote a director starts from), its steps without dates or done marks, no payments,
 * and no member but the owner (the others are invited again if needed).
 */
export async function duplicateDeal(db: Db, auth: AuthSession, dealId: number, now: Date): Promise<{ id: number; uuid: string; state: string }> {
  return db.transaction(async (tx) => {
    const { deal } = await requireBusinessDeal(tx, auth, dealId, "duplicate");
    const [copy] = await tx
      .insert(deals)
      .values({ kind: deal.kind, state: "draft", quote: deal.quote, totalCents: deal.totalCents, defunctId: deal.defunctId, brand: deal.brand, demo: deal.demo, createdAt: now, updatedAt: now })
      .returning({ id: deals.id, uuid: deals.uuid, state: deals.state });
    const id = copy!.id;
    // One after the other: a transaction is one connection, which runs one query at a time.
    const products = await tx.select().from(dealsProducts).where(eq(dealsProducts.dealId, deal.id)).orderBy(asc(dealsProducts.id));
    const services = await tx.select().from(dealsServices).where(eq(dealsServices.dealId, deal.id)).orderBy(asc(dealsServices.id));
    const steps = await tx.select().from(dealSteps).where(eq(dealSteps.dealId, deal.id)).orderBy(asc(dealSteps.position), asc(dealSteps.id));
    const owner = await tx.select().from(dealAbilities).where(eq(dealAbilities.dealId, deal.id));
    if (products.length > 0) {
      await tx.insert(dealsProducts).values(products.map((p) => ({ dealId: id, productId: p.productId, quantity: p.quantity, unitPriceCents: p.unitPriceCents, vatRateBp: p.vatRateBp, createdAt: now, updatedAt: now })));
    }
    if (services.length > 0) {
      await tx.insert(dealsServices).values(services.map((s) => ({ dealId: id, serviceId: s.serviceId, quantity: s.quantity, unitPriceCents: s.unitPriceCents, vatRateBp: s.vatRateBp, createdAt: now, updatedAt: now })));
    }
    if (steps.length > 0) {
      await tx.insert(dealSteps).values(
        steps.map((s) => ({
          dealId: id,
          stepType: s.stepType,
          position: s.position,
          scheduledAt: null,
          locationType: s.locationType,
          locationId: s.locationId,
          placeKind: s.placeKind,
          mode: s.mode,
          transport: s.transport,
          address: s.address,
          comment: s.comment,
          doneAt: null,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    const holder = owner.find((a) => a.role === "owner");
    if (holder) await tx.insert(dealAbilities).values({ dealId: id, clientId: holder.clientId, role: "owner", link: holder.link, createdAt: now, updatedAt: now });
    await recordDealEvent(tx, { dealId: id, kind: "duplicated_from", from: deal.id, to: id, businessUserId: auth.userId, at: now });
    return copy!;
  });
}
