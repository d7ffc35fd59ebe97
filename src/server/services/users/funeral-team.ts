import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ASSIGNABLE_ROLES, FUNERAL_TEAM_ROLES } from "@/domain/business-deal-access";
import { OPEN_DEAL_EXCLUDED_STATES } from "@/domain/deal-states";
import type { Db } from "@/server/db/client";
import { businessUsers } from "@/server/db/schema/users";

/**
 * GET /api/v1/users/funeral_team: the active directors and advisors a deal may be assigned
 * to, by name, with how many open deals (not closed, lost nor cancelled) each has in
 * charge. Nothing beyond name, role and work e-mail (no phone, no sign-in details).
 */
/** With `partners`, also the partner professionals (role 4) a deal may be given to. */
export async function funeralTeam(db: Db, options: { partners?: boolean } = {}) {
  // Spelled out: inside a select list Drizzle names the column without its table, which the subquery would read as d.id.
  const closed = sql.join(OPEN_DEAL_EXCLUDED_STATES.map((state) => sql`${state}`), sql`, `);
  const rows = await db
    .select({
      id: businessUsers.id,
      firstname: businessUsers.firstname,
      lastname: businessUsers.lastname,
      email: businessUsers.email,
      role: businessUsers.role,
      open_deals: sql<number>`(SELECT count(*) FROM deals d WHERE d.advisor_id = business_users.id AND d.state NOT IN (${closed}))`.mapWith(Number),
    })
    .from(businessUsers)
    .where(and(inArray(businessUsers.role, [...(options.partners ? ASSIGNABLE_ROLES : FUNERAL_TEAM_ROLES)]), eq(businessUsers.disabled, false)))
    .orderBy(asc(businessUsers.lastname), asc(businessUsers.firstname), asc(businessUsers.id));
  return rows;
}
