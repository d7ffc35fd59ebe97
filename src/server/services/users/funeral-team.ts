import { and, asc, eq, inArray } from "drizzle-orm";
import { FUNERAL_TEAM_ROLES } from "@/domain/business-deal-access";
import type { Db } from "@/server/db/client";
import { businessUsers } from "@/server/db/schema/users";

/**
 * GET /api/v1/users/funeral_team: the active directors and advisors a deal may be assigned
 * to, by name. Nothing beyond name, role and work e-mail (no phone, no sign-in details).
 */
export async function funeralTeam(db: Db) {
  const rows = await db
    .select({ id: businessUsers.id, firstname: businessUsers.firstname, lastname: businessUsers.lastname, email: businessUsers.email, role: businessUsers.role })
    .from(businessUsers)
    .where(and(inArray(businessUsers.role, [...FUNERAL_TEAM_ROLES]), eq(businessUsers.disabled, false)))
    .orderBy(asc(businessUsers.lastname), asc(businessUsers.firstname), asc(businessUsers.id));
  return rows;
}
