import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { memorials } from "@/server/db/schema/memorials";
import { ApiError, notFoundError, RateLimitedError } from "@/server/http/errors";
import type { MemorialRow } from "@/server/services/memorial/memorial-access";
import { consumeRateLimit, type LimitRule } from "@/server/services/rate-limit";

/**
 * The visitors' way in: the slug alone, for a memorial the family made link or public. A
 * private memorial, an old slug after a new link and an unknown slug all answer the same
 * 404, so a visitor learns nothing about which it was.
 */
export const MEMORIAL_SLUG_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export async function visibleMemorial(db: Db, slug: string): Promise<MemorialRow> {
  if (!MEMORIAL_SLUG_PATTERN.test(slug)) throw notFoundError();
  const [memorial] = await db
    .select()
    .from(memorials)
    .where(and(eq(memorials.slug, slug), ne(memorials.visibility, "private")))
    .limit(1);
  if (!memorial) throw notFoundError();
  return memorial;
}

const HOUR = 3600 * 1000;

/**
 * Abuse limits of the visitors' writes, per caller address and per memorial (so a crowd
 * of addresses cannot flood one family either). Counted before the body's file is judged.
 */
export const VISITOR_LIMITS = {
  condolence: { perIp: 5, ipWindowMs: HOUR / 6, perMemorial: 60, memorialWindowMs: HOUR },
  photo: { perIp: 10, ipWindowMs: HOUR, perMemorial: 60, memorialWindowMs: HOUR },
  report: { perIp: 10, ipWindowMs: HOUR, perMemorial: 100, memorialWindowMs: HOUR },
} as const;
export type VisitorAction = keyof typeof VISITOR_LIMITS;

export async function limitVisitor(db: Db, action: VisitorAction, memorialId: number, ip: string | null, now: Date): Promise<void> {
  const limits = VISITOR_LIMITS[action];
  const rules: Array<LimitRule | null> = [
    ip ? { key: `ip:${ip.slice(0, 100)}`, limit: limits.perIp, windowMs: limits.ipWindowMs } : null,
    { key: `memorial:${memorialId}`, limit: limits.perMemorial, windowMs: limits.memorialWindowMs },
  ];
  const decision = await consumeRateLimit(db, { bucket: `memorial_${action}`, rules, now });
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}

/**
 * The checks of a visitor's write, made before its body is read (a refused caller uploads
 * nothing): the memorial is visible, visitors may add photos (for a photo), and the limits
 * hold. Every attempt counts, a refused one included.
 */
export async function admitVisitor(db: Db, slug: string, action: VisitorAction, ip: string | null, now: Date): Promise<MemorialRow> {
  const memorial = await visibleMemorial(db, slug);
  if (action === "photo" && !memorial.visitorsMayAddPhotos) throw new ApiError(422, "memorial_photo__visitors__not_allowed");
  await limitVisitor(db, action, memorial.id, ip, now);
  return memorial;
}
