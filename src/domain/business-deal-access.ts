import { ROLES, type Role } from "@/domain/roles";

/**
 * What each business role may do on deals (SPEC §6 as issue 14 states it), written once:
 * the route guards declare `rolesFor(action)` and the deal services check the same table.
 * - 0 admin: everything; 1 funeral director: every deal, state changes, duplicate, brand;
 * - 2 funeral advisor: every deal's work (steps, todos, communications, the people), not
 *   the brand nor duplicating;
 * - 3 analytics guest: no deal at all (no personal data);
 * - 4 pro (a partner professional): steps and todos of the deals they are assigned to,
 *   nothing else. Another deal answers 404, as if it did not exist (no existence leak).
 * Clients never reach these routes (the family routes are theirs).
 */
export const BUSINESS_DEAL_ACTIONS = ["read", "work", "manage", "state", "brand", "duplicate"] as const;
export type BusinessDealAction = (typeof BUSINESS_DEAL_ACTIONS)[number];

const { ADMIN, FUNERAL_DIRECTOR, FUNERAL_ADVISOR, PRO } = ROLES;

const TABLE: Record<BusinessDealAction, readonly Role[]> = {
  /** The deal's people, partners, history and communications. */
  read: [ADMIN, FUNERAL_DIRECTOR, FUNERAL_ADVISOR],
  /** Steps and todos: the work a pro may also do on their own deals. */
  work: [ADMIN, FUNERAL_DIRECTOR, FUNERAL_ADVISOR, PRO],
  /** The advisor in charge, owner, empowered client, defunct, welcome, communications log. */
  manage: [ADMIN, FUNERAL_DIRECTOR, FUNERAL_ADVISOR],
  /** Moving the state; each move has its own roles too (deal-states.ts). */
  state: [ADMIN, FUNERAL_DIRECTOR, FUNERAL_ADVISOR],
  brand: [ADMIN, FUNERAL_DIRECTOR],
  duplicate: [ADMIN, FUNERAL_DIRECTOR],
};

export function rolesFor(action: BusinessDealAction): readonly Role[] {
  return TABLE[action];
}

/** Roles limited to the deals they are assigned to (deals.advisor_id). */
export const ASSIGNED_ONLY_ROLES: readonly Role[] = [PRO];

/** Roles a deal may be assigned to (PUT …/user): the funeral team, or a partner professional. */
export const ASSIGNABLE_ROLES: readonly Role[] = [FUNERAL_DIRECTOR, FUNERAL_ADVISOR, PRO];

/** The funeral team (GET /users/funeral_team): who runs cases. */
export const FUNERAL_TEAM_ROLES: readonly Role[] = [FUNERAL_DIRECTOR, FUNERAL_ADVISOR];

export function businessMay(role: Role | null, action: BusinessDealAction): boolean {
  return role !== null && TABLE[action].includes(role);
}
