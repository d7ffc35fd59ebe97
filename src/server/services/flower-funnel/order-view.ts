import { and, asc, eq } from "drizzle-orm";
import { paths } from "@/config/paths";
import { DELIVERY_PLACES, FLOWER_TYPES, MESSAGE_KINDS, flowerPicturePath, type DeliveryPlace, type FlowerType, type MessageKind } from "@/domain/flowers/catalogue";
import { parisWallClock } from "@/domain/flowers/delivery-rules";
import { orderLine, orderTotals } from "@/domain/flowers/order-totals";
import { dealPaymentTotals, type PaymentState } from "@/domain/payments/payment-machine";
import { FLOWER_ORDER_STATES, type FlowerOrderState, type FlowerOrderView } from "@/domain/schemas/flower-funnel";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema/catalog";
import { dealSteps, deals, dealsProducts } from "@/server/db/schema/deals";
import { flowerOrders } from "@/server/db/schema/flowers";
import { payments } from "@/server/db/schema/payments";
import { dealAccess, type DealAccess, type DealCaller } from "@/server/services/deals/deal-access";
import { loadDealOwner } from "@/server/services/deals/deal-owner";

/**
 * A flowers order as the confirmation page reads it: the lines with the prices frozen at
 * order time (deals_products), totals recomputed from them, the delivery step, the
 * message and how much is left to pay. Through the resume token alone the orderer's
 * contact details stay out.
 */

const oneOf = <T extends string>(values: readonly T[], raw: unknown): T | null => ((values as readonly string[]).includes(raw as string) ? (raw as T) : null);

export async function getFlowerOrderById(db: Db, dealId: number, access: DealAccess): Promise<FlowerOrderView | null> {
  const [row] = await db
    .select({ deal: deals, order: flowerOrders })
    .from(deals)
    .innerJoin(flowerOrders, eq(flowerOrders.dealId, deals.id))
    .where(and(eq(deals.id, dealId), eq(deals.kind, "item")))
    .limit(1);
  if (!row) return null;
  const { deal, order } = row;
  const [productRows, [step], paymentRows, funeral, owner] = await Promise.all([
    db
      .select({ line: dealsProducts, code: products.code, name: products.name, attributes: products.attributes })
      .from(dealsProducts)
      .innerJoin(products, eq(products.id, dealsProducts.productId))
      .where(eq(dealsProducts.dealId, dealId))
      .orderBy(asc(dealsProducts.id)),
    db
      .select()
      .from(dealSteps)
      .where(and(eq(dealSteps.dealId, dealId), eq(dealSteps.stepType, "delivery")))
      .orderBy(asc(dealSteps.position), asc(dealSteps.id))
      .limit(1),
    db.select().from(payments).where(eq(payments.dealId, dealId)),
    order.funeralDealId ? db.select({ uuid: deals.uuid }).from(deals).where(eq(deals.id, order.funeralDealId)).limit(1) : Promise.resolve([]),
    access === "account" ? loadDealOwner(db, dealId) : Promise.resolve(null),
  ]);
  const lines = productRows.map(({ line, code, name, attributes }) =>
    orderLine({
      code,
      name,
      type: oneOf<FlowerType>(FLOWER_TYPES, attributes.type),
      picture: flowerPicturePath(code),
      quantity: line.quantity,
      unitPriceHtCents: line.unitPriceCents,
      vatRateBp: line.vatRateBp,
    }),
  );
  const totals = orderTotals(lines);
  const scheduledAt = step?.scheduledAt ?? deal.createdAt;
  const clock = parisWallClock(scheduledAt);
  const paid = dealPaymentTotals(totals.ttc_cents, paymentRows.map((p) => ({ ...p, status: p.status as PaymentState })));
  const state: FlowerOrderState = oneOf(FLOWER_ORDER_STATES, deal.state) ?? "ordered";
  return {
    uuid: deal.uuid,
    id: deal.id,
    state,
    demo: deal.demo,
    lines,
    totals,
    delivery: {
      place: oneOf<DeliveryPlace>(DELIVERY_PLACES, order.deliveryPlace),
      place_name: order.placeName,
      recipient_name: order.recipientName,
      address: order.addressLine,
      postal_code: order.postalCode,
      city: order.city,
      date: clock.date,
      time: clock.time,
      scheduled_at: epochSeconds(scheduledAt),
      funeral_deal: funeral[0]?.uuid ?? null,
      ceremony: order.ceremonyAt ? parisWallClock(order.ceremonyAt) : null,
    },
    message: order.messageKind && order.messageText ? { kind: oneOf<MessageKind>(MESSAGE_KINDS, order.messageKind) ?? "card", text: order.messageText } : null,
    commentary: deal.clientCommentary,
    client: owner ? { firstname: owner.firstname, lastname: owner.lastname, email: owner.email, phone: owner.phone } : null,
    payment: { deal_id: deal.id, path: paths.dealPayment(deal.id), amount_cents: paid.remainingCents, paid: paid.remainingCents === 0 && paid.pendingCents === 0 },
    locale: order.locale,
    created_at: epochSeconds(deal.createdAt),
  };
}

/** GET /api/v1/flower_funnel/deals/{uuid}: with the resume token or as a holder of the order (null: no such order for this caller). */
export async function getFlowerOrder(db: Db, uuid: string, caller: DealCaller, now: Date): Promise<FlowerOrderView | null> {
  const [deal] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.uuid, uuid), eq(deals.kind, "item")))
    .limit(1);
  if (!deal) return null;
  const access = await dealAccess(db, deal.id, caller, now, "read");
  return access ? getFlowerOrderById(db, deal.id, access) : null;
}
