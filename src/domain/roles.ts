/** Roles and permissions of SPEC §6. */

/** The two kinds of signed-in user; each has its own authentication endpoints. */
export const USER_TYPES = ["client", "business_user"] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isUserType(value: unknown): value is UserType {
  return typeof value === "string" && (USER_TYPES as readonly string[]).includes(value);
}

/** Numeric business-user roles; a lower number carries more power. Clients have no role. */
export const ROLES = {
  ADMIN: 0,
  FUNERAL_DIRECTOR: 1,
  FUNERAL_ADVISOR: 2,
  ANALYTICS_GUEST: 3,
  PRO: 4,
} as const;
export type RoleName = keyof typeof ROLES;
export type Role = (typeof ROLES)[RoleName];

export const ROLE_VALUES: readonly Role[] = Object.values(ROLES);

export function isRole(value: unknown): value is Role {
  return typeof value === "number" && (ROLE_VALUES as readonly number[]).includes(value);
}

/** Anything that may carry a business role: a business user, a client (no role) or nobody. */
export type RoleHolder = object | null | undefined;

function roleOf(user: RoleHolder): Role | null {
  const role = user ? (user as { role?: unknown }).role : undefined;
  return isRole(role) ? role : null;
}

/** Whether the user's role is one of `roles`; false for clients and signed-out visitors. */
export function hasRole(user: RoleHolder, roles: readonly Role[]): boolean {
  const role = roleOf(user);
  return role !== null && roles.includes(role);
}

export function isAdmin(user: RoleHolder): boolean {
  return hasRole(user, [ROLES.ADMIN]);
}

/** "Funeral director or above": admins and funeral directors. */
export function isFuneralDirectorOrAbove(user: RoleHolder): boolean {
  return hasRole(user, [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR]);
}

/** Roles a person may hold on one deal (a family member, a notary...). */
export const DEAL_ABILITY_ROLES = ["owner", "editor", "reader", "notary"] as const;
export type DealAbilityRole = (typeof DEAL_ABILITY_ROLES)[number];

export function isDealAbilityRole(value: unknown): value is DealAbilityRole {
  return typeof value === "string" && (DEAL_ABILITY_ROLES as readonly string[]).includes(value);
}

export interface DealAbility {
  client_id: number | string;
  role: DealAbilityRole;
  /** Family link of the person to the deceased. */
  link: string | null;
}

export type DealAbilityField = "role" | "link";
export type DealAbilityPatch = Partial<Record<string, unknown>>;

/**
 * Fields of an ability that may change. The owner's role is fixed (the deal always
 * keeps its owner); only its link may change. Other abilities may change role and link.
 */
export function allowedAbilityChanges(ability: Pick<DealAbility, "role">): readonly DealAbilityField[] {
  return ability.role === "owner" ? ["link"] : ["role", "link"];
}

export type AbilityChangeRefusal = "owner_link_only" | "field_not_editable" | "invalid_role" | "invalid_link";

/**
 * Why a patch of an ability is refused, or null when it is allowed. A field sent with
 * its current value is not a change, so a form that posts the whole ability still passes.
 */
export function abilityChangeRefusal(ability: DealAbility, patch: DealAbilityPatch): AbilityChangeRefusal | null {
  const allowed = allowedAbilityChanges(ability) as readonly string[];
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = (ability as unknown as Record<string, unknown>)[field];
    if (value === current) continue;
    if (!allowed.includes(field)) {
      return ability.role === "owner" && field === "role" ? "owner_link_only" : "field_not_editable";
    }
    if (field === "role" && !isDealAbilityRole(value)) return "invalid_role";
    if (field === "link" && value !== null && typeof value !== "string") return "invalid_link";
  }
  return null;
}

/** Whether a patch of an ability is allowed (SPEC §4: an owner may change only its link). */
export function isAbilityChangeAllowed(ability: DealAbility, patch: DealAbilityPatch): boolean {
  return abilityChangeRefusal(ability, patch) === null;
}
