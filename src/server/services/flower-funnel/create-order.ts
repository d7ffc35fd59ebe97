import { eq, sql } from "drizzle-orm";
import { isCeremonyPlace, type DeliveryPlace } from "@/domain/flowers/catalogue";
import { deliveryProblems, latestDeliveryBefore, parisToInstant, type DeliveryRequest, type ParisWallClock } from "@/domain/flowers/delivery-rules";
import { orderLine, orderTotals } from "@/domain/flowers/order-totals";
import type { FlowerOrderCreateInput, FlowerOrderView } from "@/domain/schemas/flower-funnel";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/query";
import { deals, dealsProducts } from "@/server/db/schema/deals";
import { flowerOrders } from "@/server/db/schema/flowers";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import { createDeal, type NewDefunct } from "@/server/services/deals/create-deal";
import { findClientByEmail, type OwnerDetails } from "@/server/services/deals/deal-owner";
import { issueResumeToken, newResumeToken } from "@/server/services/deals/resume-tokens";
import { loadOrderableFlowers } from "@/server/services/flower-funnel/catalogue";
import { ceremonyForOrder, type ResolvedCeremony } from "@/server/services/flower-funnel/ceremonies";
import { FLOWER_ORDER_EMAIL_JOB, FLOWER_ORDER_SETTING_KEY, limitFlowerOrders, type FlowerFunnelContext } from "@/server/services/flower-funnel/context";
import { getFlowerOrderById } from "@/server/services/flower-funnel/order-view";
import { localeOf } from "@/server/services/funeral-quote/funnel-context";
import { notify } from "@/server/services/notifications/notify";

/**
 * POST /api/v1/flower_funnel/deals: a flowers order is a deal of kind "item". Everything
 * the family pays is priced here from the database (any price in the body is ignored),
 * the delivery is checked against the rules (src/domain/flowers/delivery-rules.ts) and,
 * for a ceremony, taken from the funeral deal's own steps. The orderer becomes the deal's
 * owner (a new client without a password, or the signed-in account), and the order
 * e-mail with the link to pay commits with the deal.
 */

interface ResolvedDelivery {
  request: DeliveryRequest;
  place: DeliveryPlace;
  placeName: string | null;
  recipientName: string | null;
  addressLine: string | null;
  postalCode: string | null;
  city: string | null;
  ceremony: ResolvedCeremony | null;
}

async function resolveDelivery(db: Db, input: FlowerOrderCreateInput["delivery"], ctx: FlowerFunnelContext, now: Date): Promise<ResolvedDelivery> {
  if (input.funeral_deal) {
    const ceremony = await ceremonyForOrder(db, input.funeral_deal, input.step_id, ctx, now);
    if (!ceremony.clock) throw new ApiError(422, "delivery__funeral_deal__no_date");
    if (!ceremony.place) throw new ApiError(422, "delivery__funeral_deal__no_place");
    const latest = latestDeliveryBefore(ceremony.clock.time);
    if (!latest) throw new ApiError(422, "delivery__time__outside_hours");
    const clock: ParisWallClock = { date: ceremony.clock.date, time: input.time ?? latest };
    return {
      request: { ...clock, place: ceremony.place, ceremony: ceremony.clock },
      place: ceremony.place,
      placeName: ceremony.placeName,
      recipientName: input.recipient_name ?? null,
      addressLine: ceremony.addressLine,
      postalCode: ceremony.postalCode,
      city: ceremony.city,
      ceremony,
    };
  }
  // The schema made every field of an address delivery present.
  const place = input.place!;
  return {
    request: { date: input.date!, time: input.time!, place, ceremony: null },
    place,
    placeName: input.place_name ?? null,
    recipientName: input.recipient_name ?? null,
    addressLine: input.address ?? null,
    postalCode: input.postal_code ?? null,
    city: input.city ?? null,
    ceremony: null,
  };
}

/** Who orders: the signed-in client, or the client block (a new account; a known address needs its holder signed in). */
async function resolveOrderer(db: Db, input: FlowerOrderCreateInput, ctx: FlowerFunnelContext): Promise<{ newOwner: OwnerDetails | null; existingOwnerId: number | null; email: string }> {
  if (ctx.auth?.realm === "client") {
    const [account] = await db.select({ email: clients.email }).from(clients).where(eq(clients.id, ctx.auth.userId)).limit(1);
    if (account?.email) return { newOwner: null, existingOwnerId: ctx.auth.userId, email: account.email };
  }
  const client = input.client;
  if (!client) throw new ApiError(422, "flower_order__client__missing");
  if (await findClientByEmail(db, client.email)) throw new ApiError(422, "client__email__taken");
  return {
    newOwner: { civility: client.civility ?? null, firstname: client.firstname, lastname: client.lastname, phone: client.phone, email: client.email },
    existingOwnerId: null,
    email: client.email,
  };
}

async function funeralDefunct(db: Db, ceremony: ResolvedCeremony | null): Promise<NewDefunct> {
  const empty: NewDefunct = { civility: null, firstname: null, lastname: null, deathDate: null, deathCityhallId: null };
  if (!ceremony) return empty;
  const [row] = await queryRows<{ civility: string | null; firstname: string | null; lastname: string | null; death_date: string | null; death_cityhall_id: number | null }>(
    db,
    sql`SELECT df.civility, df.firstname, df.lastname, df.death_date::text AS death_date, df.death_cityhall_id FROM deals d JOIN defuncts df ON df.id = d.defunct_id WHERE d.id = ${ceremony.dealId}`,
  );
  return row ? { civility: row.civility, firstname: row.firstname, lastname: row.lastname, deathDate: row.death_date, deathCityhallId: row.death_cityhall_id } : empty;
}

/** The order a key already made, reopened with a fresh resume token (the key, random and only known to the page that made it, is the proof). */
async function orderOfKey(db: Db, key: string | undefined, now: Date): Promise<(FlowerOrderView & { resume_token: string }) | null> {
  if (!key) return null;
  const [row] = await db.select({ dealId: flowerOrders.dealId }).from(flowerOrders).where(eq(flowerOrders.orderKey, key)).limit(1);
  if (!row) return null;
  const token = await issueResumeToken(db, row.dealId, now);
  const view = await getFlowerOrderById(db, row.dealId, "account");
  return view ? { ...view, resume_token: token } : null;
}

export async function createFlowerOrder(db: Db, input: FlowerOrderCreateInput, ctx: FlowerFunnelContext): Promise<FlowerOrderView & { resume_token: string }> {
  const now = ctx.now ?? new Date();
  // A retry of an order whose answer was lost: the same order, not a second one (nor "address taken" for the account it made).
  const made = await orderOfKey(db, input.order_key, now);
  if (made) return made;
  const codes = input.items.map((item) => item.code);
  const products = await loadOrderableFlowers(db, codes);
  if (codes.some((code) => !products.has(code))) throw new ApiError(422, "flower_order__product__unknown");

  const delivery = await resolveDelivery(db, input.delivery, ctx, now);
  const problems: string[] = deliveryProblems(delivery.request, now);
  // A ceremony's own place takes any tribute meant for a ceremony; otherwise each arrangement says where it can go (no wreath at home).
  const placeToCheck = delivery.ceremony && !isCeremonyPlace(delivery.place) ? null : delivery.place;
  if (placeToCheck && [...products.values()].some((product) => !product.places.includes(placeToCheck))) problems.push("flower_order__product__not_deliverable");
  if (problems.length > 0) throw new ApiError(422, problems);

  const orderer = await resolveOrderer(db, input, ctx);
  await limitFlowerOrders(db, orderer.email, ctx, now);

  const lines = input.items.map((item) => {
    const product = products.get(item.code)!;
    return orderLine({ code: product.code, name: product.name, type: product.type, picture: product.picture, quantity: item.quantity, unitPriceHtCents: product.price_ht_cents, vatRateBp: product.vat_rate_bp });
  });
  const totals = orderTotals(lines);
  const scheduledAt = parisToInstant(delivery.request);
  const locale = localeOf(input, ctx);
  const resumeToken = newResumeToken();
  const ceremony = delivery.ceremony;
  const fullAddress = [delivery.addressLine, [delivery.postalCode, delivery.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || null;

  let dealId: number;
  try {
    dealId = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const created = await createDeal(tx, {
        kind: "item",
        state: "ordered",
        quote: { kind: "flowers", lines, totals },
        totalCents: totals.ttc_cents,
        demo: [...products.values()].some((product) => product.demo),
        newOwner: orderer.newOwner,
        existingOwnerId: orderer.existingOwnerId,
        defunct: await funeralDefunct(tx, ceremony),
        setting: { key: FLOWER_ORDER_SETTING_KEY, value: { locale, ordered_at: now.toISOString() } },
        tracking: input.tracking?.consent ? input.tracking : null,
        steps: [
          {
            stepType: "delivery",
            position: 0,
            scheduledAt,
            locationType: ceremony?.locationType ?? null,
            locationId: ceremony?.locationId ?? null,
            placeKind: delivery.place === "home" ? "Home" : "Public",
            transport: null,
            comment: [delivery.placeName, delivery.recipientName].filter(Boolean).join(" — ") || null,
            address: fullAddress,
          },
        ],
        resumeTokenHash: resumeToken.hash,
        jobs: { kinds: [FLOWER_ORDER_EMAIL_JOB], payload: { greet_client_id: orderer.existingOwnerId }, keySuffix: "ordered" },
        now,
      });
      await tx.insert(dealsProducts).values(
        input.items.map((item) => {
          const product = products.get(item.code)!;
          return { dealId: created.id, productId: product.id, quantity: item.quantity, unitPriceCents: product.price_ht_cents, vatRateBp: product.vat_rate_bp };
        }),
      );
      await tx.insert(flowerOrders).values({
        dealId: created.id,
        deliveryPlace: delivery.place,
        placeName: delivery.placeName,
        recipientName: delivery.recipientName,
        addressLine: delivery.addressLine,
        postalCode: delivery.postalCode,
        city: delivery.city,
        funeralDealId: ceremony?.dealId ?? null,
        ceremonyStepId: ceremony?.stepId ?? null,
        ceremonyAt: ceremony?.at ?? null,
        messageKind: input.message?.kind ?? null,
        messageText: input.message?.text ?? null,
        locale,
        orderKey: input.order_key ?? null,
      });
      if (input.commentary) await tx.update(deals).set({ clientCommentary: input.commentary }).where(eq(deals.id, created.id));
      // The back-office hears of the order with it (committed together, never for a rolled-back one).
      await notify(tx, { kind: "flower_order", title: `Commande de fleurs – dossier n° ${created.id}`, dealId: created.id, now });
      return created.id;
    });
  } catch (error) {
    // Two sends of one key at once: the second stops on a unique index (the key's, or the new account's
    // address, answered client__email__taken) once the first has committed, and answers the first's order.
    const first = await orderOfKey(db, input.order_key, now);
    if (first) return first;
    throw error;
  }
  const view = await getFlowerOrderById(db, dealId, "account");
  return { ...view!, resume_token: resumeToken.token };
}
