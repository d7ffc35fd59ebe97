import { eq } from "drizzle-orm";
import type { ClientInput, ClientView } from "@/domain/schemas/client";
import type { Db } from "@/server/db/client";
import { clients } from "@/server/db/schema/users";
import { ApiError, errorCodesOf } from "@/server/http/errors";
import type { AuthSession } from "@/server/services/auth-tokens";
import { assertEmailFree, clientValues, clientView, EMAIL_TAKEN, requireClientRecord } from "@/server/services/clients/client-view";

async function claimingEmail<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (errorCodesOf(error).includes("23505")) throw new ApiError(422, EMAIL_TAKEN);
    throw error;
  }
}

/**
 * POST /api/v1/clients: an advisor opens a family's client (without a password: the family
 * chooses one through a password link later). An e-mail already used is client__email__taken.
 */
export async function createClient(db: Db, input: ClientInput): Promise<ClientView> {
  await assertEmailFree(db, input.email, null);
  const [row] = await claimingEmail(() => db.insert(clients).values(clientValues(input)).returning());
  return clientView(db, row!);
}

/** PUT /api/v1/clients/{id}: the client themself or an advisor; the same e-mail rule. */
export async function updateClient(db: Db, auth: AuthSession, clientId: number, input: ClientInput): Promise<ClientView> {
  const current = await requireClientRecord(db, auth, clientId);
  // The e-mail is the client's sign-in identifier: it cannot be emptied.
  if (input.email === null && current.passwordHash) throw new ApiError(422, "client__email__blank");
  await assertEmailFree(db, input.email, clientId);
  const values = clientValues(input);
  if (Object.keys(values).length === 0) return clientView(db, current);
  const [row] = await claimingEmail(() => db.update(clients).set({ ...values, updatedAt: new Date() }).where(eq(clients.id, clientId)).returning());
  return clientView(db, row!);
}
