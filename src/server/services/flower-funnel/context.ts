import type { Db } from "@/server/db/client";
import { RateLimitedError } from "@/server/http/errors";
import type { FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { consumeRateLimit, perEmailAndIp } from "@/server/services/rate-limit";

/** The flowers funnel runs with the funeral funnel's context: session, resume token, links, mailer, caller address, clock. */
export type FlowerFunnelContext = FunnelContext;

/** deal_settings key of a flowers order: its locale and when it was placed. */
export const FLOWER_ORDER_SETTING_KEY = "flower_order";
export interface FlowerOrderSetting {
  locale: string;
  ordered_at: string;
}

/** The order e-mail job (handled in src/server/jobs/handlers.ts). */
export const FLOWER_ORDER_EMAIL_JOB = "flowers.order_email";

/**
 * Every order creates a deal and mails its orderer: limited per address (a day) and per
 * caller (an hour), so the endpoint can neither flood the database nor mail strangers.
 */
export const FLOWER_ORDERS_PER_ADDRESS = 10;
export const FLOWER_ORDERS_PER_IP = 20;

export async function limitFlowerOrders(db: Db, email: string, ctx: Pick<FlowerFunnelContext, "ip">, now: Date): Promise<void> {
  const decision = await consumeRateLimit(db, {
    bucket: "flower_order",
    rules: perEmailAndIp(email, ctx.ip ?? null, { perEmail: FLOWER_ORDERS_PER_ADDRESS, emailWindowMs: 24 * 3600 * 1000, perIp: FLOWER_ORDERS_PER_IP, ipWindowMs: 3600 * 1000 }),
    now,
  });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}
