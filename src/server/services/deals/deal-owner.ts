import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { dealAbilities } from "@/server/db/schema/deals";
import { clients } from "@/server/db/schema/users";
import { ApiError } from "@/server/http/errors";
import type { ClientRow } from "@/server/services/auth/users";

/**
 * The deal's owner: the client holding its `owner` ability (SPEC §3 "Deal ability"). A
 * funnel creates them from the contact step, or attaches the signed-in account holder.
 */

/** The contact details a funnel writes on the owner's client row. */
export interface OwnerDetails {
  civility: string | null;
  firstname: string;
  lastname: string;
  phone: string | null;
  email: string;
}

/** What a save does to the deal's owner. */
export type OwnerWrite =
  | { kind: "none" }
  | { kind: "create"; details: OwnerDetails }
  | { kind: "attach"; row: ClientRow }
  | { kind: "update"; id: number; details: OwnerDetails };

export async function findClientByEmail(db: Db, email: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(clients).where(eq(clients.email, email)).limit(1);
  return row ?? null;
}

export async function loadDealOwner(db: Db, dealId: number): Promise<ClientRow | null> {
  const [row] = await db
    .select({ client: clients })
    .from(dealAbilities)
    .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
    .where(and(eq(dealAbilities.dealId, dealId), eq(dealAbilities.role, "owner")))
    .limit(1);
  return row?.client ?? null;
}

/** Applies an owner write (inside the caller's transaction); answers the owner's client id, if the write names one. */
export async function writeDealOwner(tx: Db, dealId: number, write: OwnerWrite, now: Date): Promise<number | null> {
  switch (write.kind) {
    case "create": {
      const [created] = await tx.insert(clients).values(write.details).returning({ id: clients.id });
      await tx.insert(dealAbilities).values({ dealId, clientId: created!.id, role: "owner" });
      return created!.id;
    }
    case "update":
      await tx.update(clients).set(write.details).where(eq(clients.id, write.id));
      return write.id;
    case "attach":
      // The signed-in account holder takes an ownerless draft (never a deal someone owns).
      await tx
        .insert(dealAbilities)
        .values({ dealId, clientId: write.row.id, role: "owner" })
        .onConflictDoUpdate({ target: [dealAbilities.dealId, dealAbilities.clientId], set: { role: "owner", updatedAt: now } });
      return write.row.id;
    case "none":
      return null;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a write that may create a client: two requests racing for the same new address, the second finds it taken. */
export async function claimingEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(422, "client__email__taken");
    throw error;
  }
}
