import { asc, eq } from "drizzle-orm";
import { actionsOf } from "@/domain/family-roles";
import type { ClientAbility } from "@/domain/schemas/family";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { dealAbilities, deals } from "@/server/db/schema/deals";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { notFoundError } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";

/**
 * GET /api/v1/clients/{id}/abilities: every deal and procedure a client holds a role on.
 * A client reads only their own (another id is 404, as if it did not exist); advisors
 * read any client's (the guard admits only case-running roles).
 */
export async function listClientAbilities(db: Db, auth: AuthSession, clientId: number): Promise<ClientAbility[]> {
  if (auth.realm === "client" && auth.userId !== clientId) throw notFoundError();
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client) throw notFoundError();
  const [onDeals, onProcedures] = await Promise.all([
    db
      .select({ ability: dealAbilities, defunct: { firstname: defuncts.firstname, lastname: defuncts.lastname } })
      .from(dealAbilities)
      .innerJoin(deals, eq(deals.id, dealAbilities.dealId))
      .leftJoin(defuncts, eq(defuncts.id, deals.defunctId))
      .where(eq(dealAbilities.clientId, clientId))
      .orderBy(asc(dealAbilities.id)),
    db
      .select({ ability: procedureAbilities, defunct: { firstname: defuncts.firstname, lastname: defuncts.lastname } })
      .from(procedureAbilities)
      .innerJoin(administrativeProcedures, eq(administrativeProcedures.id, procedureAbilities.administrativeProcedureId))
      .leftJoin(defuncts, eq(defuncts.id, administrativeProcedures.defunctId))
      .where(eq(procedureAbilities.clientId, clientId))
      .orderBy(asc(procedureAbilities.id)),
  ]);
  const defunctOf = (d: { firstname: string | null; lastname: string | null } | null) => (d && (d.firstname !== null || d.lastname !== null) ? d : null);
  return [
    ...onDeals.map(({ ability, defunct }) => ({
      id: ability.id,
      target_type: "deal" as const,
      target_id: ability.dealId,
      role: ability.role,
      link: ability.link,
      actions: actionsOf(ability.role),
      defunct: defunctOf(defunct),
      created_at: epochSeconds(ability.createdAt),
    })),
    ...onProcedures.map(({ ability, defunct }) => ({
      id: ability.id,
      target_type: "administrative_procedure" as const,
      target_id: ability.administrativeProcedureId,
      role: ability.role,
      link: ability.link,
      actions: actionsOf(ability.role),
      defunct: defunctOf(defunct),
      created_at: epochSeconds(ability.createdAt),
    })),
  ];
}
