import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { dealAbilities } from "@/server/db/schema/deals";
import type { AuthSession } from "@/server/services/auth-tokens";
import { acceptResumeToken } from "@/server/services/deals/resume-tokens";

/** How the caller reaches a deal: as its signed-in owner (or reader), or through a resume token only. */
export type DealAccess = "account" | "token";

/** Who asks for a deal: their session, and the resume token they sent (header or, for a PDF link, query). */
export interface DealCaller {
  auth: AuthSession | null;
  resumeToken?: string | null | undefined;
}

/** The signed-in client holds the deal (owner or reader ability). */
async function holdsDeal(db: Db, dealId: number, auth: AuthSession | null): Promise<boolean> {
  if (auth?.realm !== "client") return false;
  const [row] = await db
    .select({ id: dealAbilities.id })
    .from(dealAbilities)
    .where(and(eq(dealAbilities.dealId, dealId), eq(dealAbilities.clientId, auth.userId), inArray(dealAbilities.role, ["owner", "reader"])))
    .limit(1);
  return row !== undefined;
}

/** How the caller may reach this deal, or null (then the deal does not exist for them: 404). */
export async function dealAccess(db: Db, dealId: number, caller: DealCaller, now: Date): Promise<DealAccess | null> {
  if (await holdsDeal(db, dealId, caller.auth)) return "account";
  if (await acceptResumeToken(db, dealId, caller.resumeToken, now)) return "token";
  return null;
}
