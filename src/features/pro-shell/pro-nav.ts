import { authPaths } from "@/config/auth-paths";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";
import { PERK_STAFF_ROLES } from "@/domain/schemas/perk";

/**
 * The workspace's navigation by role (issue 14): the funeral team and partner
 * professionals work on deals; the analytics guest (3) has only the statistics; the
 * directory, payments, partners' invoices, team, perks and call-back requests are the funeral team's (0-2); imported
 * reviews the admins' and directors' (0-1); failed jobs and the cleaning reset the admin's.
 */
export const PRO_NAV_KEYS = ["deals", "leads", "directory", "payments", "invoices", "team", "perks", "statistics", "externalReviews", "cleaning", "failedJobs"] as const;
export type ProNavKey = (typeof PRO_NAV_KEYS)[number];

const { ADMIN, FUNERAL_DIRECTOR, FUNERAL_ADVISOR, ANALYTICS_GUEST, PRO } = ROLES;
const TEAM: readonly Role[] = [ADMIN, FUNERAL_DIRECTOR, FUNERAL_ADVISOR];

const NAV: Record<ProNavKey, { href: string; roles: readonly Role[] }> = {
  deals: { href: paths.proDeals(), roles: [...TEAM, PRO] },
  directory: { href: paths.proDirectory(), roles: TEAM },
  payments: { href: paths.proPayments(), roles: TEAM },
  invoices: { href: paths.proInvoices(), roles: TEAM },
  team: { href: paths.proTeam(), roles: TEAM },
  perks: { href: paths.proPerks(), roles: PERK_STAFF_ROLES },
  statistics: { href: paths.proStatistics(), roles: [ADMIN, FUNERAL_DIRECTOR, ANALYTICS_GUEST] },
  failedJobs: { href: authPaths.proFailedJobs(), roles: [ADMIN] },
  leads: { href: paths.proLeads(), roles: TEAM },
  externalReviews: { href: paths.proExternalReviews(), roles: [ADMIN, FUNERAL_DIRECTOR] },
  cleaning: { href: paths.proCleaning(), roles: [ADMIN] },
};

export function proNavItems(role: Role): { key: ProNavKey; href: string }[] {
  return PRO_NAV_KEYS.filter((key) => NAV[key].roles.includes(role)).map((key) => ({ key, href: NAV[key].href }));
}

/** Where a role lands from /pro: the board, or the statistics for the analytics guest. */
export function proStart(role: Role): { key: "deals" | "statistics"; href: string } {
  return role === ANALYTICS_GUEST ? { key: "statistics", href: paths.proStatistics() } : { key: "deals", href: paths.proDeals() };
}

/** The sign-in pages (and their password pages) have no workspace frame. */
export function isProSignInPath(pathname: string): boolean {
  const login = authPaths.proLogin();
  return pathname === login || pathname.startsWith(`${login}/`);
}

/** Whether a navigation entry is the current section (the board stays current on a deal's page). */
export function isCurrentSection(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
