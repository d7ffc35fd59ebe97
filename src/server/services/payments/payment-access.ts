import { and, eq } from "drizzle-orm";
import { ROLES, hasRole } from "@/domain/roles";
import type { Db } from "@/server/db/client";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";
import type { AuthSession } from "@/server/services/auth-tokens";
import { notFoundError } from "@/server/http/errors";

/**
 * Who may pay a deal: its family holders, whatever their deal ability (owner, editor,
 * reader, notary: a notary often pays from the estate). Anyone else gets 404, as for
 * the deal itself (no existence leak). Advisors read payments; only roles 0-1 refund.
 */
export const PAYMENT_READER_ROLES = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR] as const;
export const REFUND_ROLES = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR] as const;

export interface Payer {
  clientId: number;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  countryCode: string | null;
}

export interface PayableDeal {
  id: number;
  totalCents: number | null;
  state: string;
}

export interface PayerOfDeal {
  deal: PayableDeal;
  payer: Payer;
  /** The payer's family role on the deal (owner, editor, reader, notary). */
  role: string;
}

/** The deal and the signed-in client paying it, or 404. */
export async function requirePayer(db: Db, auth: AuthSession, dealId: number): Promise<PayerOfDeal> {
  if (auth.realm !== "client") throw notFoundError();
  const [row] = await db
    .select({
      dealId: deals.id,
      totalCents: deals.totalCents,
      state: deals.state,
      clientId: clients.id,
      email: clients.email,
      firstname: clients.firstname,
      lastname: clients.lastname,
      countryCode: clients.countryCode,
      role: dealAbilities.role,
    })
    .from(dealAbilities)
    .innerJoin(deals, eq(deals.id, dealAbilities.dealId))
    .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
    .where(and(eq(dealAbilities.dealId, dealId), eq(dealAbilities.clientId, auth.userId)))
    .limit(1);
  if (!row) throw notFoundError();
  return {
    deal: { id: row.dealId, totalCents: row.totalCents, state: row.state },
    payer: { clientId: row.clientId, email: row.email, firstname: row.firstname, lastname: row.lastname, countryCode: row.countryCode },
    role: row.role,
  };
}

/** Whether the caller may read a deal's payments: a holder, or an advisor. */
export async function mayReadDealPayments(db: Db, auth: AuthSession, dealId: number): Promise<boolean> {
  if (auth.realm === "business_user") return hasRole(auth, PAYMENT_READER_ROLES);
  const [row] = await db
    .select({ id: dealAbilities.id })
    .from(dealAbilities)
    .where(and(eq(dealAbilities.dealId, dealId), eq(dealAbilities.clientId, auth.userId)))
    .limit(1);
  return row !== undefined;
}
