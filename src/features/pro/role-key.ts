import { ROLES, type Role } from "@/domain/roles";

/** Message key (Pro.roles.*) of each business role of SPEC §6. */
const KEYS: Record<Role, "admin" | "funeralDirector" | "funeralAdvisor" | "analyticsGuest" | "pro"> = {
  [ROLES.ADMIN]: "admin",
  [ROLES.FUNERAL_DIRECTOR]: "funeralDirector",
  [ROLES.FUNERAL_ADVISOR]: "funeralAdvisor",
  [ROLES.ANALYTICS_GUEST]: "analyticsGuest",
  [ROLES.PRO]: "pro",
};

export function roleKey(role: Role): (typeof KEYS)[Role] {
  return KEYS[role];
}
