import { and, eq } from "drizzle-orm";
import { roleAllows, type FamilyAction } from "@/domain/family-roles";
import { ROLES, type DealAbilityRole, type Role } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import type { AuthSession } from "@/server/services/auth-tokens";
import { acceptResumeToken } from "@/server/services/deals/resume-tokens";

/** How the caller reaches a deal: as a signed-in holder (owner, editor, reader, notary), or through a resume token only. */
export type DealAccess = "account" | "token";

/** What the caller wants to do: read the deal, or change it. */
export type DealMode = "read" | "write";

/** Who asks for a deal: their session, and the resume token they sent (header or, for a PDF link, query). */
export interface DealCaller {
  auth: AuthSession | null;
  resumeToken?: string | null | undefined;
}

/**
 * A deal's family roles mean what they mean on a procedure (src/domain/family-roles.ts):
 * every holder reads it (the notary settling the estate needs the funeral's quote and
 * invoice, the "documents" of a deal), only the owner and editors change it.
 */
export function dealRoleAllows(role: DealAbilityRole, mode: DealMode): boolean {
  return mode === "write" ? roleAllows(role, "procedure:write") : roleAllows(role, "procedure:read") || roleAllows(role, "documents:read");
}

/** The signed-in client's role on the deal, or null. */
export async function dealRoleOf(db: Db, dealId: number, auth: AuthSession | null): Promise<DealAbilityRole | null> {
  if (auth?.realm !== "client" || !Number.isSafeInteger(dealId) || dealId <= 0) return null;
  const [row] = await db
    .select({ role: dealAbilities.role })
    .from(dealAbilities)
    .where(and(eq(dealAbilities.dealId, dealId), eq(dealAbilities.clientId, auth.userId)))
    .limit(1);
  return row?.role ?? null;
}

/** How the caller may reach this deal for `mode`, or null (then the deal does not exist for them: 404, or 403 for a holder whose role only reads). */
export async function dealAccess(db: Db, dealId: number, caller: DealCaller, now: Date, mode: DealMode = "read"): Promise<DealAccess | null> {
  const role = await dealRoleOf(db, dealId, caller.auth);
  if (role && dealRoleAllows(role, mode)) return "account";
  if (await acceptResumeToken(db, dealId, caller.resumeToken, now)) return "token";
  return null;
}

/**
 * The caller's hold on a deal for the family-role routes (members, invitations), shaped
 * like a procedure hold: a client through an ability, a case-running business user on
 * every deal. Null when the deal does not exist for them.
 */
export type DealHold =
  | { kind: "family"; dealId: number; clientId: number; role: DealAbilityRole }
  | { kind: "business"; dealId: number; businessUserId: number; role: Role };

const CASE_ROLES: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];

export async function dealHold(db: Db, auth: AuthSession | null, dealId: number): Promise<DealHold | null> {
  if (!auth || !Number.isSafeInteger(dealId) || dealId <= 0) return null;
  if (auth.realm === "client") {
    const role = await dealRoleOf(db, dealId, auth);
    return role ? { kind: "family", dealId, clientId: auth.userId, role } : null;
  }
  if (auth.role === null || !CASE_ROLES.includes(auth.role)) return null;
  const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, dealId)).limit(1);
  return row ? { kind: "business", dealId, businessUserId: auth.userId, role: auth.role } : null;
}

/**
 * Whether a deal hold allows a family action. The case-running business roles (0-2) do
 * everything on a deal, members included (issue 14: the back-office adds, changes and
 * removes the family's abilities for them, through the same use cases and the same SPEC §4
 * rule: the owner's ability changes only its link and is never removed). On an
 * administrative procedure only the family manages its members (procedure-access.ts).
 */
export function dealHoldAllows(hold: DealHold, action: FamilyAction): boolean {
  if (hold.kind === "business") return true;
  return roleAllows(hold.role, action);
}
