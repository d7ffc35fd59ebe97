import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "@/server/db/schema/columns";
import { dealSteps, deals } from "@/server/db/schema/deals";

/**
 * A flowers order (issue 13): a deal of kind "item" whose lines are deals_products (prices
 * frozen), whose delivery is its deal_step of type "delivery" (scheduled_at, the ceremony
 * place's location or the address) and whose family comment is deals.client_commentary.
 * This row holds what only a flowers order has: the ribbon or card, the place as the
 * family chose it and, when the flowers go to a ceremony, the funeral deal and its step.
 */
export const flowerOrders = pgTable(
  "flower_orders",
  {
    id: id(),
    dealId: integer()
      .notNull()
      .unique()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** funeral_parlor, worship, crematorium, graveyard or home (src/domain/flowers/catalogue.ts). */
    deliveryPlace: text().notNull(),
    placeName: text(),
    recipientName: text(),
    addressLine: text(),
    postalCode: text(),
    city: text(),
    /** The funeral deal whose ceremony the flowers go to; the ceremony's time is copied at order time. */
    funeralDealId: integer().references(() => deals.id, { onDelete: "set null" }),
    ceremonyStepId: integer().references(() => dealSteps.id, { onDelete: "set null" }),
    ceremonyAt: timestamp({ withTimezone: true, mode: "date" }),
    /** ribbon or card; null without a message. */
    messageKind: text(),
    messageText: text(),
    locale: text(),
    /** The page's key for this order (order_key): a retry whose answer was lost finds the order instead of making a second one. */
    orderKey: text(),
    ...timestamps,
  },
  (t) => [index("flower_orders_funeral_deal_idx").on(t.funeralDealId), uniqueIndex("flower_orders_order_key_idx").on(t.orderKey)],
);
