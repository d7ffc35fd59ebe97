import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { administrativeProcedures } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { ProcedureHold } from "@/server/services/procedures/procedure-access";

/**
 * Who speaks for the family on a procedure: the family member acting, or the procedure's
 * owner when an advisor acts for them. Their name signs the letters, so SPEC §5 "updating a
 * defunct requires a client with first and last name" is checked on them.
 */
export type Signatory = typeof clients.$inferSelect;

export const CLIENT_INCOMPLETE = "client__incomplete";

export async function signatoryOf(db: Db, hold: ProcedureHold): Promise<Signatory> {
  let clientId: number;
  if (hold.kind === "family") clientId = hold.clientId;
  else {
    const [row] = await db.select({ clientId: administrativeProcedures.clientId }).from(administrativeProcedures).where(eq(administrativeProcedures.id, hold.procedureId)).limit(1);
    if (!row) throw new ApiError(404, "not_found");
    clientId = row.clientId;
  }
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client) throw new ApiError(404, "not_found");
  return client;
}

export function isComplete(client: Pick<Signatory, "firstname" | "lastname">): boolean {
  return Boolean(client.firstname?.trim()) && Boolean(client.lastname?.trim());
}

/** 422 client__incomplete unless the client has a first and a last name. */
export function assertComplete(client: Pick<Signatory, "firstname" | "lastname">): void {
  if (!isComplete(client)) throw new ApiError(422, CLIENT_INCOMPLETE);
}
