import { eq } from "drizzle-orm";
import { ASSIGNED_ONLY_ROLES, businessMay, type BusinessDealAction } from "@/domain/business-deal-access";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";

export type DealRow = typeof deals.$inferSelect;

/** The business user acting on a deal: who they are and the deal they may act on. */
export interface BusinessDealHold {
  deal: DealRow;
  userId: number;
  role: NonNullable<AuthSession["role"]>;
}

/**
 * The deal the business caller may do `action` on (src/domain/business-deal-access.ts). The
 * route's guard has already refused roles the action never admits (403); here a partner
 * professional reaches only the deals assigned to them, and any other deal is 404 as if it
 * did not exist, so a pro cannot probe which ids are real.
 */
export async function requireBusinessDeal(db: Db, auth: AuthSession, dealId: number, action: BusinessDealAction, options: { lock?: boolean } = {}): Promise<BusinessDealHold> {
  if (auth.realm !== "business_user") throw new ApiError(401, "unauthorized");
  if (!businessMay(auth.role, action)) throw new ApiError(403, "forbidden");
  const query = db.select().from(deals).where(eq(deals.id, dealId)).limit(1);
  const [deal] = options.lock ? await query.for("update") : await query;
  if (!deal) throw notFoundError();
  if (ASSIGNED_ONLY_ROLES.includes(auth.role!) && deal.advisorId !== auth.userId) throw notFoundError();
  return { deal, userId: auth.userId, role: auth.role! };
}
