import { redirect } from "next/navigation";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";

/**
 * Who opens the invoices pages, as the API decides (roles 0-2 read, 0-1 write): the analytics
 * guest goes to the statistics and a partner professional to its deals, as on the team page;
 * an advisor sent to a writing page goes back to the list it may read.
 */
export function invoicesRoleGate(role: Role, need: "read" | "write"): Role {
  if (role === ROLES.ANALYTICS_GUEST) redirect(paths.proStatistics());
  if (role === ROLES.PRO) redirect(paths.proDeals());
  if (need === "write" && role === ROLES.FUNERAL_ADVISOR) redirect(paths.proInvoices());
  return role;
}
