import { and, eq, inArray } from "drizzle-orm";
import { ROLES, type Role } from "@/domain/roles";
import type { NotificationKind } from "@/domain/schemas/notification";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { notifications } from "@/server/db/schema/content";
import { businessUsers } from "@/server/db/schema/users";

/**
 * The one way code tells the back-office something happened (a family paid, a new funnel
 * request, a flower order, a deal assigned to someone). Who hears it: the deal's advisor
 * in charge when it has one, else the whole funeral team (directors and advisors), or the
 * users named. Called inside the caller's transaction, so a rolled-back change notifies nobody.
 * The title is the back-office's French fallback; the pages translate from `kind`.
 */
export interface NotifyInput {
  kind: NotificationKind;
  title: string;
  body?: string | null;
  dealId?: number | null;
  /** Named recipients; otherwise the deal's advisor, or the funeral team. */
  businessUserIds?: readonly number[];
  now?: Date;
}

const TEAM: readonly Role[] = [ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];

async function recipientsOf(db: Db, input: NotifyInput): Promise<number[]> {
  if (input.businessUserIds) return [...new Set(input.businessUserIds)];
  if (input.dealId) {
    const [deal] = await db.select({ advisorId: deals.advisorId }).from(deals).where(eq(deals.id, input.dealId)).limit(1);
    if (deal?.advisorId) return [deal.advisorId];
  }
  const team = await db
    .select({ id: businessUsers.id })
    .from(businessUsers)
    .where(and(inArray(businessUsers.role, [...TEAM]), eq(businessUsers.disabled, false)));
  return team.map((user) => user.id);
}

/** Creates the notifications; answers how many. */
export async function notify(db: Db, input: NotifyInput): Promise<number> {
  const recipients = await recipientsOf(db, input);
  if (recipients.length === 0) return 0;
  const at = input.now ?? new Date();
  await db.insert(notifications).values(
    recipients.map((businessUserId) => ({ businessUserId, kind: input.kind, title: input.title, body: input.body ?? null, dealId: input.dealId ?? null, createdAt: at, updatedAt: at })),
  );
  return recipients.length;
}
