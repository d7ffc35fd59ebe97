import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { memorials } from "@/server/db/schema/memorials";
import { ApiError, notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { dealRoleOf } from "@/server/services/deals/deal-access";

/**
 * Who may do what on a deal's memorial (SPEC §3 deal abilities, docs/architecture.md
 * "Memorials"): every family holder but the notary reads it (the notary settles the
 * estate; a memorial is not part of it), the owner and editors write and moderate, the
 * owner alone decides who sees it (visibility, a new link) and deletes it. A caller
 * without a reading role gets 404, as if there were no memorial; a reader who tries to
 * write, or an editor who tries the owner's part, gets 403.
 */
export type MemorialLevel = "read" | "edit" | "manage";
export type MemorialRole = "owner" | "editor" | "reader";

export type MemorialRow = typeof memorials.$inferSelect;

export interface MemorialHold {
  dealId: number;
  role: MemorialRole;
}

export function memorialRoleAllows(role: MemorialRole, level: MemorialLevel): boolean {
  if (level === "read") return true;
  if (level === "edit") return role !== "reader";
  return role === "owner";
}

/** The caller's hold on the deal for its memorial: 404 without a reading role, 403 when the role does not reach `level`. */
export async function requireMemorialDeal(db: Db, auth: AuthSession | null, dealId: number, level: MemorialLevel): Promise<MemorialHold> {
  const role = await dealRoleOf(db, dealId, auth);
  if (!role || role === "notary") throw notFoundError();
  if (!memorialRoleAllows(role, level)) throw new ApiError(403, "forbidden");
  return { dealId, role };
}

/** The deal's memorial and the caller's hold; 404 when the deal has none. */
export async function requireMemorial(db: Db, auth: AuthSession | null, dealId: number, level: MemorialLevel, lock = false): Promise<{ hold: MemorialHold; memorial: MemorialRow }> {
  const hold = await requireMemorialDeal(db, auth, dealId, level);
  const query = db.select().from(memorials).where(eq(memorials.dealId, dealId)).limit(1);
  const [memorial] = lock ? await query.for("update") : await query;
  if (!memorial) throw notFoundError();
  return { hold, memorial };
}
